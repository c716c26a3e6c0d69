import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VERSION_HEADER } from '#contract';
import { DEMO_USERS, startUpstream, type RunningUpstream } from './server';

const running: RunningUpstream[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((upstream) => upstream.close()));
});

async function start(options: Parameters<typeof startUpstream>[0]) {
  const upstream = await startUpstream({ host: '127.0.0.1', port: 0, db: ':memory:', ...options });
  running.push(upstream);
  return upstream;
}

const headers = { Accept: 'application/json', [VERSION_HEADER]: '1', 'Content-Type': 'application/json' };

describe('startUpstream', () => {
  it('serves a real login over HTTP on a free port', async () => {
    const upstream = await start({});
    expect(upstream.url).toBe(`http://127.0.0.1:${upstream.port}`);
    const response = await fetch(`${upstream.url}/rest/users/authentication/login/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ login: DEMO_USERS.teacher.email, password: DEMO_USERS.teacher.password }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).success).toBe(true);
  });

  it('drops the connection when a fault says so', async () => {
    const upstream = await start({ faults: true });
    await fetch(`${upstream.url}/__faults__`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ drop: true, times: 1 }),
    });
    const url = `${upstream.url}/rest/analytics/links/transition/?code=auth`;
    await expect(fetch(url, { method: 'POST', headers })).rejects.toThrow(new TypeError('fetch failed'));
    expect((await fetch(url, { method: 'POST', headers })).status).toBe(200);
  });

  it('keeps data in the file between restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upstream-'));
    try {
      const db = join(dir, 'nested', 'upstream.sqlite');
      const first = await startUpstream({ port: 0, db });
      first.db.prepare("UPDATE users SET city = 'Тверь' WHERE email = ?").run(DEMO_USERS.participant.email);
      await first.close();
      const second = await startUpstream({ port: 0, db });
      expect(second.db.value('SELECT count(*) FROM users')).toBe(3);
      expect(second.db.value("SELECT city FROM users WHERE role = 'participant'")).toBe('Тверь');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start with dev tools in production', async () => {
    await expect(startUpstream({ port: 0, db: ':memory:', nodeEnv: 'production', devTools: true })).rejects.toThrow(
      /UPSTREAM_DEV_TOOLS/,
    );
  });
});

/** A GET with a chosen Host header (fetch would not send one), as a DNS-rebound page would. */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject).end();
  });
}

describe('DNS rebinding', () => {
  it('answers only its own names with its port; the outbox is out of reach of any other Host', async () => {
    const upstream = await start({ devTools: true });
    const outbox = `${upstream.url}/__dev__/outbox?to=teacher@example.org`;
    for (const own of ['127.0.0.1', 'localhost']) {
      expect(await getWithHost(outbox, `${own}:${upstream.port}`)).toBe(200);
    }
    for (const foreign of [`evil.example:${upstream.port}`, 'localhost', `localhost:${upstream.port + 1}`]) {
      expect(await getWithHost(outbox, foreign)).toBe(421);
      expect(await getWithHost(`${upstream.url}/healthz`, foreign)).toBe(421);
    }
  });

  it('refuses to start its dev tools on an address other than loopback', async () => {
    await expect(start({ host: '0.0.0.0', devTools: true })).rejects.toThrow(/loopback/);
  });
});
