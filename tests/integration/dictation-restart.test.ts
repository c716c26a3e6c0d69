import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startUpstream } from '../../upstream/server';
import { readForms, startPortal } from './harness';

/**
 * ADR 239: a saved text survives a restart of the portal and of the upstream (its database on disk, as
 * `npm start` runs it): the participant reloads the same link and finds the text.
 */

const dir = await mkdtemp(path.join(tmpdir(), 'dictation-restart-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const start = () => startUpstream({ port: 0, db: path.join(dir, 'upstream.db'), devTools: true });

async function textOn(origin: string, code: string): Promise<string | undefined> {
  const html = await (await fetch(`${origin}/dictation/${code}`)).text();
  return readForms(html).find((form) => 'text' in form.fields)?.fields.text;
}

it('keeps the last saved text across a restart of the portal and then of the upstream', async () => {
  let upstream = await start();
  let portal = await startPortal({ upstreamUrl: upstream.url });
  const response = await fetch(`${upstream.url}/__dev__/dictation/invitations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({}),
  });
  const { code } = ((await response.json()) as { invitations: { code: string }[] }).invitations[0]!;
  // «Начать диктант» starts the time; then the writing form is there.
  const started = await fetch(`${portal.origin}/dictation/${code}`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'start' }),
    redirect: 'manual',
  });
  expect(started.status).toBe(303);
  expect(await textOn(portal.origin, code)).toBe('');
  const saved = await fetch(`${portal.origin}/dictation/${code}/text`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ text: 'Весной в наш город возвращаются скворцы.', revision: '1' }),
  });
  expect(saved.status).toBe(200);

  await portal.close();
  portal = await startPortal({ upstreamUrl: upstream.url });
  expect(await textOn(portal.origin, code)).toBe('Весной в наш город возвращаются скворцы.');

  await portal.close();
  await upstream.close();
  upstream = await start();
  portal = await startPortal({ upstreamUrl: upstream.url });
  expect(await textOn(portal.origin, code)).toBe('Весной в наш город возвращаются скворцы.');
  await portal.close();
  await upstream.close();
});
