import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText, startPortal, type Portal } from './harness';
import { headingOf, stackTraceIn, titleOf } from './page';

/**
 * Issue 45, ADR 206: a provider that hangs (stopped with SIGSTOP: alive, its port open, silent — not killed) is
 * the server's fault. Every page, the public front page too, says «Ошибка 504 — Сервис не отвечает», with where to
 * write and that a dictation's text is not lost; never the catalogue's 408 about the visitor's internet. Short
 * timeouts: the page is there within the request's deadline.
 */

const root = path.resolve(import.meta.dirname, '../..');
const PRODUCT = 'Образовательный портал';
const SHORT = { REST_TIMEOUT_MS: '800', REST_RETRY_BASE_MS: '20', REST_RETRY_MAX_MS: '40', REST_DEADLINE_MS: '1500' };

let upstream: ChildProcess;
let upstreamUrl: string;
const portals: Portal[] = [];

beforeAll(async () => {
  // Its own process, so that it can be stopped without stopping the test.
  upstream = spawn(process.execPath, ['--import', 'tsx', 'upstream/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', UPSTREAM_PORT: '0', UPSTREAM_DB: ':memory:' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  upstreamUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    upstream.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const url = /upstream listening on (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    upstream.once('exit', (code) => reject(new Error(`the upstream exited with ${code}`)));
  });
});

afterAll(async () => {
  for (const portal of portals) await portal.close();
  if (upstream.exitCode === null) {
    upstream.kill('SIGCONT');
    const exited = new Promise((resolve) => upstream.once('exit', resolve));
    upstream.kill('SIGTERM');
    await exited;
  }
});

async function portal(env: Record<string, string> = {}) {
  const started = await startPortal({ upstreamUrl, env });
  portals.push(started);
  return started;
}

function expectServiceDoesNotAnswer(status: number, html: string) {
  expect(status).toBe(504);
  expect(headingOf(html)).toBe('Ошибка 504');
  expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 504`);
  const text = pageText(html);
  expect(text).toContain('Сервис не отвечает. Это сбой на нашей стороне, а не в вашем подключении к интернету');
  expect(text).toContain('Если вы писали диктант, текст не потерян');
  expect(text).toMatch(/Если сбой не проходит, напишите нам: \S+@\S+ или позвоните: [\d -]+/);
  expect(html).toMatch(/<main[^>]*>[^]*href="mailto:[^]*href="tel:[^]*<\/main>/);
  expect(text).not.toContain('Проверьте подключение к интернету');
  expect(stackTraceIn(html)).toBeNull();
}

describe('the provider hung (SIGSTOP), not down', () => {
  it('the front page and a signed-in page say the service does not answer, and come back once it does', async () => {
    // Signed in while the provider answers; a second instance, its caches empty, serves the pages after.
    const client = new Client((await portal()).origin);
    const { url } = await client.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
    expect(new URL(url).pathname).toBe('/lk');
    const cookie = await client.cookieHeader();
    const later = await portal(SHORT);

    upstream.kill('SIGSTOP');
    try {
      const front = await later.client().request('/');
      expectServiceDoesNotAnswer(front.status, await front.text());
      // The session's own check is what hangs here: the root loader fails, and its 504 still names where to write.
      const cabinet = await later.client().request('/lk', { headers: { Cookie: cookie } });
      expectServiceDoesNotAnswer(cabinet.status, await cabinet.text());
    } finally {
      upstream.kill('SIGCONT');
    }
    const back = await later.client().request('/lk', { headers: { Cookie: cookie } });
    expect(back.status).toBe(200);
    expect(headingOf(await back.text())).toBe('Личный кабинет');
  });
});
