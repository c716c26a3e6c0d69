import { setTimeout as sleep } from 'node:timers/promises';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasExited, runPortal, stopChild, waitForOk } from '../../scripts/processes';
import { freePort, startRedis, type RedisService } from '../../lab/services/redis';
import { startReferenceUpstream, type ReferenceUpstream } from './harness';

/**
 * ADR 231: the compiled portal's three probes on its operations port (METRICS_PORT), what each depends on, and
 * its stop on SIGTERM, one process at a time (the balancer's side: cluster-shutdown.test.ts).
 */

let redis: RedisService;
let upstream: ReferenceUpstream;
const started: ChildProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
  upstream = await startReferenceUpstream();
});
afterAll(async () => {
  await Promise.all(started.map((child) => stopChild(child, 'SIGKILL')));
  await upstream?.close();
  await redis?.close();
});

async function portal(env: Record<string, string> = {}) {
  const port = await freePort();
  const ops = await freePort();
  const child = runPortal(
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(ops),
      SESSION_SECRET: 'integration-test-secret-integration-test-secret',
      REST_API_URL: upstream.url,
      ...redis.env,
      LOG_LEVEL: 'warn',
      ...env,
    },
    ['ignore', 'ignore', 'inherit'],
  );
  started.push(child);
  await waitForOk(`http://127.0.0.1:${ops}/startupz`, child, 'the portal');
  const probe = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${ops}${path}`);
    return { status: response.status, cache: response.headers.get('Cache-Control'), body: await response.json() };
  };
  return { port, ops, child, probe, page: (path: string) => fetch(`http://127.0.0.1:${port}${path}`) };
}

describe('the probes on the operations port', () => {
  it('startup, liveness and readiness answer 200 on a started instance, never cached', async () => {
    const { probe } = await portal();
    expect(await probe('/startupz')).toEqual({ status: 200, cache: 'no-store', body: { started: true } });
    expect(await probe('/livez')).toEqual({ status: 200, cache: 'no-store', body: { live: true } });
    expect(await probe('/readyz')).toEqual({ status: 200, cache: 'no-store', body: { ready: true, reasons: [] } });
  });

  it('while it waits for a Redis that does not answer at start: live, not started, not ready', async () => {
    const [port, ops, nothing] = [await freePort(), await freePort(), await freePort()];
    const child = runPortal(
      {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(ops),
        SESSION_SECRET: 'integration-test-secret-integration-test-secret',
        REST_API_URL: upstream.url,
        REDIS_URL: `redis://127.0.0.1:${nothing}`,
        REDIS_USERNAME: 'portal',
        REDIS_PASSWORD: 'a-password-nobody-checks',
        LOG_LEVEL: 'silent',
      },
      ['ignore', 'ignore', 'ignore'],
    );
    started.push(child);
    const probe = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${ops}${path}`);
      return { status: response.status, body: await response.json() };
    };
    await expect
      .poll(() => probe('/livez').catch(() => null), { timeout: 10_000, interval: 100 })
      .toEqual({
        status: 200,
        body: { live: true },
      });
    expect(await probe('/startupz')).toEqual({ status: 503, body: { started: false } });
    expect(await probe('/readyz')).toEqual({ status: 503, body: { ready: false, reasons: ['starting'] } });
    // It starts without Redis after 10 s: started, and not ready for want of it.
    await expect
      .poll(() => probe('/startupz'), { timeout: 15_000, interval: 200 })
      .toEqual({
        status: 200,
        body: { started: true },
      });
    expect(await probe('/readyz')).toEqual({ status: 503, body: { ready: false, reasons: ['redis'] } });
  }, 30_000);

  it('Redis lost: not ready, still live and started; ready again once Redis is back', async () => {
    const { probe, page } = await portal();
    await redis.stop();
    try {
      // Two looks missed in a row, 2 s apart.
      await expect
        .poll(() => probe('/readyz'), { timeout: 8_000 })
        .toEqual({
          status: 503,
          cache: 'no-store',
          body: { ready: false, reasons: ['redis'] },
        });
      expect((await probe('/livez')).status).toBe(200);
      expect((await probe('/startupz')).status).toBe(200);
      expect((await page('/')).status).toBe(200);
    } finally {
      await redis.start();
    }
    await expect.poll(async () => (await probe('/readyz')).status, { timeout: 10_000 }).toBe(200);
  });

  it('Redis silent (its host cut off: the connection stays open, nothing answers): not ready; ready again once it answers', async () => {
    const { probe } = await portal();
    expect((await probe('/readyz')).status).toBe(200);
    redis.pause();
    try {
      await expect
        .poll(() => probe('/readyz'), { timeout: 10_000, interval: 250 })
        .toEqual({
          status: 503,
          cache: 'no-store',
          body: { ready: false, reasons: ['redis'] },
        });
      expect((await probe('/livez')).status).toBe(200);
    } finally {
      redis.resume();
    }
    await expect.poll(async () => (await probe('/readyz')).status, { timeout: 10_000 }).toBe(200);
  }, 30_000);

  it('an upstream that does not answer: not ready, still live', { timeout: 30_000 }, async () => {
    const nothing = await freePort();
    const { probe } = await portal({ REST_API_URL: `http://127.0.0.1:${nothing}` });
    // Two looks missed in a row, 5 s apart (one lost under load is not an outage).
    await expect
      .poll(() => probe('/readyz'), { timeout: 15_000, interval: 500 })
      .toEqual({
        status: 503,
        cache: 'no-store',
        body: { ready: false, reasons: ['upstream'] },
      });
    expect((await probe('/livez')).status).toBe(200);
  });
});

describe('SIGTERM', () => {
  it('fails readiness at once, serves what still comes, and exits on its own once nothing has come for 2 s', async () => {
    const { probe, page, child } = await portal();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const sent = Date.now();
    child.kill('SIGTERM');
    // What the balancer still sends meanwhile is served, each answer closing its connection; these requests also
    // keep the instance from its quiet exit while readiness is asked, however slowly a busy machine answers.
    let lastSent = 0;
    const statuses: number[] = [];
    const sending = (async () => {
      for (let i = 0; i < 10; i++) {
        lastSent = Date.now();
        const response = await page('/robots.txt');
        statuses.push(response.status);
        await response.text();
        await sleep(200);
      }
    })();
    await expect
      .poll(() => probe('/readyz'), { timeout: 2_000, interval: 50 })
      .toMatchObject({
        status: 503,
        body: { ready: false, reasons: ['shutting-down'] },
      });
    expect((await probe('/livez')).status).toBe(200);
    await sending;
    expect(statuses).toEqual(Array(10).fill(200));
    expect(hasExited(child)).toBe(false);
    expect(await exited).toBe(0);
    // It waited for 2 s of quiet after the last request it was sent (which reached it no earlier than it left
    // here), and did not linger past the quiet by much.
    expect(Date.now() - lastSent).toBeGreaterThanOrEqual(2_000);
    expect(Date.now() - sent).toBeLessThan(8_000);
  });

  it('under requests that never stop, exits by the grace period (SHUTDOWN_GRACE_SECONDS)', async () => {
    const { page, child } = await portal({ SHUTDOWN_GRACE_SECONDS: '4' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let done = false;
    const statuses: number[] = [];
    const loop = (async () => {
      while (!done) {
        // Once the port closes (half the grace period), a refused connection is the end of what it serves.
        const response = await page('/robots.txt').catch(() => null);
        if (!response) break;
        statuses.push(response.status);
        await response.text();
      }
    })();
    const sent = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    done = true;
    await loop;
    expect(Date.now() - sent).toBeLessThan(4_500);
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});
