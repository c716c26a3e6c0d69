import { useCallback, useEffect, useRef, useState } from 'react';
import { announce } from '~/client/announce';
import { formatMoscowTime } from '#shared/moscow-time';
import { seconds } from '#shared/time';
import { dropDraft, readDraft, writeDraft } from './local-draft';
import { createSaveQueue } from './save-queue';

/** How often a changed text is saved while the participant writes (ADR 239). */
export const AUTOSAVE_EVERY = seconds(5);

/** Said when the server kept another tab's or device's text instead of this one (and never «сохранён»). */
export const CONFLICT_MESSAGE =
  'Текст из этого поля не сохранён: в другой вкладке или на другом устройстве сохранён другой. Выберите, какой оставить.';

const copy = {
  saved: (at: string) => `Текст сохранён на сервере в ${formatMoscowTime(at)}`,
  offline: 'Нет связи: текст сохранён в этом браузере и будет отправлен, когда связь восстановится.',
  offlinePageOnly: 'Нет связи с сервером. Текст остаётся на странице и сохранится, как только связь вернётся.',
  back: 'Связь восстановлена, текст сохранён на сервере.',
  late: 'Время вышло: текст после окончания времени не принимается. На проверку ушёл последний текст, сохранённый вовремя.',
  timeUp: 'Время вышло. Диктант сдан: на проверку ушёл последний сохранённый текст.',
  conflict: CONFLICT_MESSAGE,
};

/** The text the server kept instead of this page's. */
export interface Conflict {
  text: string;
  revision: number;
  savedAt: string | null;
}

/** What the autosave route answers (app/server/dictation/writing.server.ts). */
type Outcome =
  | { outcome: 'saved'; revision: number; savedAt: string }
  | ({ outcome: 'conflict' } & Conflict)
  | { outcome: 'late'; text: string; savedAt: string | null }
  | { outcome: 'closed' | 'unknown' }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'failed'; status: number };

export type SaveStatus =
  | { kind: 'saved'; savedAt: string | null }
  /** Typed since the last save: the next save is a few seconds away. */
  | { kind: 'changed' }
  | { kind: 'offline'; local: boolean }
  | { kind: 'invalid'; message: string }
  /** The server kept another text: saving waits until the participant chooses. */
  | { kind: 'conflict'; theirs: Conflict }
  | { kind: 'late' | 'timeUp'; text: string; savedAt: string | null };

interface Options {
  url: string;
  fieldId: string;
  /** The key of the text kept in this browser (local-draft.ts). */
  participationId: number;
  revision: number;
  text: string;
  savedAt: string | null;
  /** The page's own form met another text on the server (without the autosave: on «Завершить диктант»). */
  conflict?: Conflict | null;
  /** The page can no longer take the text (submitted elsewhere, or the link stopped working). */
  onClosed: () => void;
}

/**
 * Saves the text of the field `fieldId` to `url` every few seconds when it changed since the last save, at once
 * when the connection comes back, and by beacon when the page is hidden or left; one save at a time
 * (save-queue.ts). Each save carries the next revision, so the upstream keeps the newest text whatever order
 * saves arrive in. Every keystroke also goes to this browser's storage until the server holds the same text;
 * useLocalDraft brings it back on the next open. The live region speaks only on the first save, on a
 * lost and a regained connection, and when the time is over.
 */
export function useAutosave(options: Options) {
  const { url, fieldId, participationId, onClosed } = options;
  const [status, setStatus] = useState<SaveStatus>(
    options.conflict ? { kind: 'conflict', theirs: options.conflict } : { kind: 'saved', savedAt: options.savedAt },
  );
  const state = useRef({
    /** Another text is on the server: nothing is sent until the participant chooses (keepMine / takeTheirs). */
    conflict: options.conflict ?? null,
    revision: options.revision,
    /** The revision the server confirmed holding: a kept draft was typed over it. */
    confirmed: options.revision,
    savedText: options.text,
    savedAt: options.savedAt,
    over: false,
    spoke: false,
    offline: false,
    local: false,
  });

  // A page loaded again (after «Сохранить» without this hook, or another tab's save) brings a newer revision.
  useEffect(() => {
    if (options.revision <= state.current.revision) return;
    state.current.revision = options.revision;
    state.current.confirmed = options.revision;
    state.current.savedText = options.text;
  }, [options.revision, options.text]);

  const nextRevision = useCallback(() => ++state.current.revision, []);
  const field = useCallback(() => document.getElementById(fieldId) as HTMLTextAreaElement | null, [fieldId]);

  const send = useCallback(async () => {
    const input = field();
    const current = state.current;
    if (!input || current.over || current.conflict || input.value === current.savedText) return;
    const text = input.value;
    const body = new URLSearchParams({ text, revision: String(nextRevision()) });
    try {
      const response = await fetch(url, { method: 'POST', body, headers: { Accept: 'application/json' } });
      const result = (await response.json()) as Outcome;
      if (result.outcome === 'saved') {
        current.revision = Math.max(current.revision, result.revision);
        current.savedText = text;
        current.confirmed = result.revision;
        // Kept locally only until the server holds the same text; typed further meanwhile, it stays.
        if (readDraft(participationId)?.text === text) dropDraft(participationId);
        current.savedAt = result.savedAt;
        if (!current.spoke || current.offline) announce(current.offline ? copy.back : copy.saved(result.savedAt));
        current.spoke = true;
        current.offline = false;
        // Typed on while the save was on its way: that part is not on the server yet.
        setStatus(input.value === current.savedText ? { kind: 'saved', savedAt: result.savedAt } : { kind: 'changed' });
      } else if (result.outcome === 'conflict') {
        // Another tab or device saved a different text: theirs stays on the server, this one in the field and in
        // this browser, and nothing more is sent until the participant chooses.
        const { text: theirText, revision, savedAt } = result;
        current.conflict = { text: theirText, revision, savedAt };
        current.revision = Math.max(current.revision, revision);
        current.offline = false;
        announce(copy.conflict);
        setStatus({ kind: 'conflict', theirs: current.conflict });
      } else if (result.outcome === 'late') {
        current.over = true;
        input.value = result.text;
        input.readOnly = true;
        dropDraft(participationId);
        announce(copy.late);
        setStatus({ kind: 'late', text: result.text, savedAt: result.savedAt });
      } else if (result.outcome === 'invalid') {
        setStatus({ kind: 'invalid', message: result.message });
      } else if (result.outcome === 'failed') {
        goneOffline();
      } else {
        onClosed();
      }
    } catch {
      goneOffline();
    }

    function goneOffline() {
      if (!current.offline) announce(current.local ? copy.offline : copy.offlinePageOnly);
      current.offline = true;
      setStatus({ kind: 'offline', local: current.local });
    }
  }, [field, url, participationId, nextRevision, onClosed]);

  // One queue for the page's life; it runs the latest `send`.
  const sendRef = useRef(send);
  sendRef.current = send;
  const [request] = useState(() => createSaveQueue(() => sendRef.current()));
  const save = useCallback(() => request(), [request]);

  /** «Сохранить текст из этого поля»: this page's text goes in over the other one, under a newer revision. */
  const keepMine = useCallback(async () => {
    const current = state.current;
    if (!current.conflict) return save();
    current.revision = Math.max(current.revision, current.conflict.revision);
    current.confirmed = current.conflict.revision;
    current.savedText = current.conflict.text;
    current.conflict = null;
    setStatus({ kind: 'changed' });
    await save();
  }, [save]);

  /** «Взять текст с сервера»: the field takes the text the server holds, and this page's is let go. */
  const takeTheirs = useCallback(() => {
    const current = state.current;
    const input = field();
    if (!current.conflict || !input) return;
    const { text, revision, savedAt } = current.conflict;
    input.value = text;
    current.revision = Math.max(current.revision, revision);
    current.confirmed = revision;
    current.savedText = text;
    current.savedAt = savedAt;
    current.conflict = null;
    dropDraft(participationId);
    setStatus({ kind: 'saved', savedAt });
  }, [field, participationId]);

  /** Every change goes to this browser's storage at once: a crash or a closed tab then loses nothing. */
  const keepLocally = useCallback(() => {
    const input = field();
    if (!input || state.current.over) return;
    state.current.local = writeDraft(participationId, { text: input.value, baseRevision: state.current.confirmed });
    // The line above the field stops saying «сохранён» the moment the text differs from what the server holds.
    if (!state.current.offline && !state.current.conflict) {
      const changed = input.value !== state.current.savedText;
      setStatus((now) =>
        now.kind === 'saved' && changed
          ? { kind: 'changed' }
          : now.kind === 'changed' && !changed
            ? { kind: 'saved', savedAt: state.current.savedAt }
            : now,
      );
    }
  }, [field, participationId]);

  /**
   * At zero on the countdown the field locks and the text as it stands goes in after any save in flight (the
   * upstream allows a moment's grace), so nothing typed up to the end is lost.
   */
  const expire = useCallback(async () => {
    const input = field();
    if (input) input.readOnly = true;
    await save();
    state.current.over = true;
    if (readDraft(participationId)?.text === state.current.savedText) dropDraft(participationId);
    announce(copy.timeUp);
    setStatus({ kind: 'timeUp', text: state.current.savedText, savedAt: state.current.savedAt });
  }, [save, field, participationId]);

  useEffect(() => {
    const timer = window.setInterval(() => void save(), AUTOSAVE_EVERY);
    const beacon = () => {
      const input = field();
      const current = state.current;
      if (!input || current.over || current.conflict || input.value === current.savedText) return;
      navigator.sendBeacon(url, new URLSearchParams({ text: input.value, revision: String(nextRevision()) }));
    };
    const onHide = () => document.visibilityState === 'hidden' && beacon();
    const onOnline = () => void save();
    const input = field();
    input?.addEventListener('input', keepLocally);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', beacon);
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      input?.removeEventListener('input', keepLocally);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', beacon);
      window.removeEventListener('online', onOnline);
    };
  }, [save, field, url, nextRevision, keepLocally]);

  return { status, save, expire, nextRevision, keepMine, takeTheirs };
}
