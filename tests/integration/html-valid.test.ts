import { describe, expect, it } from 'vitest';
import { ROUTES } from '../e2e/routes';
import { dictationSteps } from './dictation-steps';
import { DEMO_USERS, type Client } from './harness';
import { htmlErrors } from './html-checker';
import { useServers } from './servers';

/**
 * ADR 224: every page the accessibility scan opens (tests/e2e/routes.ts, signed out and signed in, and the pages
 * other scans open: an error page, a pass link's page, a dictation's writing page) validates in the Nu Html Checker, as served: the raw HTML
 * over HTTP, the streamed data scripts included. Light and dark are one document (the colours follow
 * `prefers-color-scheme` in CSS), so each page is checked once. The checker runs once over all of them.
 */

const servers = useServers();
const steps = dictationSteps(servers);

/** A browser's user agent: a crawler's would get the whole document at once, not the streamed one (entry.server). */
const BROWSER = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/** The page as served; `status` when it is an error page, else a 200 or the 400 of a query with mistakes. */
async function documentOf(client: Client, path: string, status?: number): Promise<string> {
  const response = await client.request(path, { headers: BROWSER });
  if (status) expect(response.status, path).toBe(status);
  else expect([200, 400], path).toContain(response.status);
  expect(response.headers.get('Content-Type'), path).toMatch(/^text\/html/);
  return response.text();
}

describe('valid HTML', () => {
  it('every scanned page, as served, has no error in the Nu Html Checker', { timeout: 120_000 }, async () => {
    const documents = new Map<string, string>();
    const guest = servers.portal.client();
    for (const path of ROUTES.public) documents.set(`signed out ${path}`, await documentOf(guest, path));
    documents.set('signed out /no-such-page (404)', await documentOf(guest, '/no-such-page', 404));
    const { link } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    const opened = await guest.follow(link, { site: 'none', headers: BROWSER });
    expect(opened.url).toBe(`${servers.portal.origin}/login/pass`);
    documents.set('signed out /login/pass', await opened.response.text());

    // A dictation's writing page (tests/e2e/dictation.spec.ts scans it), before and after «Начать диктант».
    const { code } = await steps.invite();
    documents.set('/dictation/{code} before the start', await documentOf(guest, `/dictation/${code}`));
    await steps.begin(guest, code);
    documents.set('/dictation/{code} writing', await documentOf(guest, `/dictation/${code}`));

    const teacher = servers.portal.client();
    await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
    for (const path of ROUTES.cabinet) documents.set(`signed in ${path}`, await documentOf(teacher, path));
    documents.set('signed in /no-such-page (404)', await documentOf(teacher, '/no-such-page', 404));

    // The documents are whole, their streamed scripts inside them; the public forms' honeypot is among them.
    for (const [name, document] of documents) expect(document.trimEnd().endsWith('</body></html>'), name).toBe(true);
    expect(documents.get('signed out /login')).toMatch(/<input name="[\w-]+" type="hidden" value=/);
    // A control in the same run: the checker does read what it is given.
    const control = 'a control, a hidden input with readonly';
    documents.set(control, '<!doctype html><html lang="ru"><title>x</title><input type="hidden" readonly></html>');
    const errors = await htmlErrors(documents);
    expect(errors.filter((error) => !error.startsWith(`${control}:`))).toEqual([]);
    expect(errors.some((error) => error.includes('“readonly”'))).toBe(true);
  });
});
