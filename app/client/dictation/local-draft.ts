/**
 * The dictation's text kept in this browser while the server does not hold it yet: under a key of
 * the participation's id — one dictation of one person — with the text and the server revision it was typed
 * over. Nothing from the session, no token, no code. Storage can be full or switched off: then every call says
 * so and the page says the text is on the page only.
 */

export interface Draft {
  text: string;
  /** The revision the server held when the text was typed: a higher one there means another device saved since. */
  baseRevision: number;
}

const keyOf = (participationId: number) => `dictation-draft:${participationId}`;

export function readDraft(participationId: number): Draft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(participationId));
    const draft = raw === null ? null : (JSON.parse(raw) as Partial<Draft>);
    return draft && typeof draft.text === 'string' && typeof draft.baseRevision === 'number'
      ? { text: draft.text, baseRevision: draft.baseRevision }
      : null;
  } catch {
    return null;
  }
}

/** Whether the text is now in the browser's storage. */
export function writeDraft(participationId: number, draft: Draft): boolean {
  try {
    window.localStorage.setItem(keyOf(participationId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(participationId: number): void {
  try {
    window.localStorage.removeItem(keyOf(participationId));
  } catch {
    // Storage switched off: there is nothing to remove.
  }
}
