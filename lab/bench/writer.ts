import { contract, VERSION_HEADER } from '#contract';

/**
 * One dictation writer as the writing page drives it, for the bench and the cluster tests alike: the
 * only place that knows how writing starts and how a save is sent, so a change of the flow is made here once.
 */

const WORDS = 'Весной в наш город возвращаются скворцы и деловито таскают сухие травинки к скворечникам'.split(' ');

/** Fresh invitations of the event open for writing now (the upstream's dev tool), one code each. */
export async function invite(upstreamUrl: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  // The dev tool hands out at most 1,000 at a time.
  for (let left = count; left > 0; left -= 1000) {
    const response = await fetch(`${upstreamUrl}/__dev__/dictation/invitations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: Math.min(left, 1000) }),
    });
    if (!response.ok) throw new Error(`invitations: HTTP ${response.status}`);
    const { invitations } = (await response.json()) as { invitations: { code: string }[] };
    codes.push(...invitations.map((invitation) => invitation.code));
  }
  return codes;
}

/** What the upstream holds for a code, asked of it directly. */
export async function storedText(upstreamUrl: string, code: string): Promise<string> {
  const response = await fetch(`${upstreamUrl}${contract.openDictation.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', [VERSION_HEADER]: '1' },
    body: JSON.stringify({ code }),
  });
  return ((await response.json()) as { result: { text: string } }).result.text;
}

export interface SaveResult {
  status: number;
  outcome: string;
  /** The portal's answer was `saved`: the text is the upstream's now (a text not kept is `conflict`, never saved). */
  saved: boolean;
}

/**
 * A writer with an invitation: `start()` opens the link and starts the clock, `save()` sends the next,
 * longer text with the next revision, as the autosave does every few seconds. `lastSaved` is the last text the
 * portal confirmed; a failed save leaves it, and the next save carries the newer text, as the page does.
 */
export function dictationWriter(origin: string, code: string) {
  const headers = { 'Sec-Fetch-Site': 'same-origin', Origin: origin };
  let text = '';
  let revision = 0;
  const writer = {
    code,
    lastSaved: null as string | null,
    /** Opens the link (which starts nothing) and presses «Начать диктант»: the POST's status, 303 when started. */
    async start() {
      const page = await fetch(`${origin}/dictation/${code}`);
      await page.text();
      if (page.status !== 200) return page.status;
      const body = new URLSearchParams({ intent: 'start' });
      const started = await fetch(`${origin}/dictation/${code}`, { method: 'POST', headers, body, redirect: 'manual' });
      await started.arrayBuffer();
      return started.status;
    },
    async save(): Promise<SaveResult> {
      text = `${text} ${WORDS[revision % WORDS.length]}`.trim();
      revision += 1;
      const sent = text;
      const body = new URLSearchParams({ text: sent, revision: String(revision) });
      const response = await fetch(`${origin}/dictation/${code}/text`, { method: 'POST', headers, body });
      const raw = await response.text();
      let outcome = `HTTP ${response.status}`;
      try {
        ({ outcome } = JSON.parse(raw) as { outcome: string });
      } catch {
        // not the portal's JSON: the balancer's own error page
      }
      const saved = response.status === 200 && outcome === 'saved';
      if (saved) writer.lastSaved = sent;
      return { status: response.status, outcome, saved };
    },
  };
  return writer;
}

export type DictationWriter = ReturnType<typeof dictationWriter>;

/**
 * A writer without JavaScript: «Сохранить» posts the writing form (the whole text and its revision) to
 * the page, which answers 303 to itself, and the browser loads that page. A save counts as confirmed only when
 * both answered and the page says the text is saved; `status` is the first failing answer's.
 */
export function formWriter(origin: string, code: string) {
  const headers = { 'Sec-Fetch-Site': 'same-origin', Origin: origin };
  let text = '';
  let revision = 0;
  const writer = {
    code,
    lastSaved: null as string | null,
    start: () => dictationWriter(origin, code).start(),
    async save(): Promise<SaveResult> {
      text = `${text} ${WORDS[revision % WORDS.length]}`.trim();
      revision += 1;
      const sent = text;
      const body = new URLSearchParams({ intent: 'save', text: sent, revision: String(revision) });
      const posted = await fetch(`${origin}/dictation/${code}`, { method: 'POST', headers, body, redirect: 'manual' });
      await posted.arrayBuffer();
      const location = posted.headers.get('Location');
      if (posted.status !== 303 || !location)
        return { status: posted.status, outcome: `HTTP ${posted.status}`, saved: false };
      // The post's 303 alone means the upstream has the text; the page after it is what the writer sees.
      writer.lastSaved = sent;
      let page: Response;
      let html: string;
      try {
        page = await fetch(new URL(location, origin), { headers: { 'Sec-Fetch-Site': 'same-origin' } });
        html = await page.text();
      } catch (error) {
        return { status: 0, outcome: `the page after the save: ${describeError(error)}`, saved: false };
      }
      const saved = page.status === 200 && html.includes('Текст сохранён на сервере');
      return { status: page.status, outcome: saved ? 'saved' : `page HTTP ${page.status}`, saved };
    },
  };
  return writer;
}

/** A failed request's error with its cause: `fetch failed` alone does not tell a refusal from a reset or a timeout. */
export function describeError(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause ? `${String(error)} (${cause.code ?? cause.message ?? String(cause)})` : String(error);
}
