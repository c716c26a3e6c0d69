import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { dictationWriter, invite, storedText, type DictationWriter } from '../../bench/writer';
import { Client, DEMO_USERS } from '../../../tests/integration/harness';
import { useCluster } from './cluster';
import { MISSES, REDIS_PROBE_KEEP_MS } from '../../../bff/server/health.server';

/**
 * ADR 231: what an orchestrator does to an instance, through the balancer of ADR 230. A SIGTERM with no `maint`
 * first (Kubernetes ends a pod so, and `systemctl stop` too): the instance fails its readiness, serves what the
 * balancer still sends until the balancer has taken it out, finishes, and exits; no request fails. And a Redis lost
 * by every instance at once fails every readiness, which must not empty the pool: the public pages keep answering.
 */

const parts = useCluster();

/** An instance's requests and its connection errors, retries and responses cut, over the balancer's backends. */
async function counters(name: string) {
  const csv = await (await fetch(`http://127.0.0.1:${parts.cluster.haproxy.statsPort}/stats;csv`)).text();
  // # pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,…
  const rows = csv
    .split('\n')
    .map((line) => line.split(','))
    .filter((row) => row[1] === name);
  const sum = (field: number) => rows.reduce((total, row) => total + Number(row[field] || 0), 0);
  return { sessions: sum(7), errors: { econ: sum(13), eresp: sum(14), wretr: sum(15), wredis: sum(16) } };
}

/** Requests through the balancer until `until` resolves: every one that did not get what it should, by what. */
function load(writers: DictationWriter[], browser: Client, until: Promise<void>) {
  const origin = parts.cluster.origin;
  const failures: string[] = [];
  let count = 0;
  let done = false;
  void until.then(() => (done = true));
  const loop = async (step: () => Promise<string | null>, pause: number) => {
    while (!done) {
      const failure = await step().catch((error: Error) => `${error.message}`);
      count++;
      if (failure) failures.push(failure);
      await sleep(pause);
    }
  };
  const page = (path: string, client?: Client) => async () => {
    const response = client ? await client.request(path) : await fetch(`${origin}${path}`);
    const text = await response.text();
    if (response.status !== 200) return `${path} ${response.status}`;
    return client && !text.includes(DEMO_USERS.teacher.email) ? `${path} without the teacher` : null;
  };
  // Half the writers with JavaScript's autosave, half with the form and the page that follows it (no JavaScript).
  const formSave = (writer: DictationWriter) => {
    let revision = 1000;
    return async () => {
      revision += 1;
      const body = new URLSearchParams({
        intent: 'save',
        text: `без скриптов ${revision}`,
        revision: String(revision),
      });
      const headers = { 'Sec-Fetch-Site': 'same-origin', Origin: origin };
      const posted = await fetch(`${origin}/dictation/${writer.code}`, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
      });
      await posted.arrayBuffer();
      if (posted.status !== 303) return `form save ${posted.status}`;
      const next = await fetch(new URL(posted.headers.get('Location')!, origin));
      await next.text();
      return next.status === 200 ? null : `page after the save ${next.status}`;
    };
  };
  const runs = Promise.all([
    ...Array.from({ length: 4 }, () => loop(page('/'), 10)),
    ...Array.from({ length: 4 }, () => loop(page('/login?redirectTo=%2Flk'), 10)),
    ...Array.from({ length: 4 }, () => loop(page('/lk', browser), 10)),
    ...writers.map((writer, i) =>
      loop(
        i % 2
          ? formSave(writer)
          : async () => {
              const result = await writer.save();
              return result.saved ? null : `autosave ${result.status} ${result.outcome}`;
            },
        50,
      ),
    ),
  ]);
  return runs.then(() => ({ failures, count }));
}

describe('an orchestrator’s stop and a dependency lost everywhere (ADR 231)', () => {
  it('an instance sent SIGTERM under load, with no maint first, fails no request and exits by itself', async () => {
    const browser = new Client(parts.cluster.origin);
    expect((await browser.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password)).url).toBe(
      `${parts.cluster.origin}/lk`,
    );
    const writers = (await invite(parts.upstream.url, 8)).map((code) => dictationWriter(parts.cluster.origin, code));
    for (const status of await Promise.all(writers.map((writer) => writer.start()))) expect(status).toBe(303);
    let finish!: () => void;
    const running = load(writers, browser, new Promise<void>((resolve) => (finish = resolve)));
    await sleep(1500);

    const instance = parts.cluster.instances[1]!;
    const served = async () => (await parts.cluster.haproxy.server(instance.name)).status;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      instance.child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const before = await counters(instance.name);
    const sent = Date.now();
    instance.child.kill('SIGTERM');
    // Readiness fails as soon as the process has handled the signal (not before: a probe sent the instant after
    // `kill` may still be answered first), and liveness does not (an orchestrator must not kill it for draining).
    const probe = (path: string) => fetch(`http://127.0.0.1:${instance.metricsPort}${path}`);
    await expect
      .poll(async () => (await probe('/readyz')).json(), { timeout: 2_000, interval: 20 })
      .toEqual({ ready: false, reasons: ['shutting-down'] });
    expect((await probe('/readyz')).status).toBe(503);
    expect((await probe('/livez')).status).toBe(200);
    // The balancer sees it and takes it out; it served what came meanwhile, then it goes on its own.
    await expect.poll(served, { timeout: 20_000, interval: 200 }).toMatch(/^DOWN/);
    const { code, at } = await exited;
    const after = await counters(instance.name);
    // It took requests after the signal, and the balancer never found its port closed nor a connection dropped
    // mid-answer: nothing had to be sent elsewhere, which a balancer that cannot retry (a Service) relies on.
    expect(after.sessions).toBeGreaterThan(before.sessions + 20);
    expect(after.errors).toEqual(before.errors);
    expect(code).toBe(0);
    // Within the grace period (SHUTDOWN_GRACE_SECONDS, 30 s by default): the orchestrator never had to kill it.
    expect(at - sent).toBeLessThan(30_000);
    await sleep(1000);
    finish();
    const { failures, count } = await running;
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(100);
    for (const writer of writers.filter((_, i) => i % 2 === 0)) {
      expect(await storedText(parts.upstream.url, writer.code)).toBe(writer.lastSaved);
    }
    await instance.restart();
    await expect.poll(served, { timeout: 20_000, interval: 200 }).toBe('UP');
  }, 90_000);

  it('Redis lost by every instance: all fail readiness, and the public pages and saves still answer', async () => {
    const teacher = new Client(parts.cluster.origin);
    await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
    const [writer] = (await invite(parts.upstream.url, 1)).map((code) => dictationWriter(parts.cluster.origin, code));
    expect(await writer!.start()).toBe(303);
    await parts.redis.stop();
    try {
      // Redis is counted lost after MISSES looks in a row, REDIS_PROBE_KEEP_MS apart, each up to its 1 s timeout:
      // the last look before the stop may have just succeeded, so this takes up to (MISSES + 1) looks' time.
      const lost = (MISSES + 1) * (REDIS_PROBE_KEEP_MS + 1_000);
      for (const instance of parts.cluster.instances) {
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${instance.metricsPort}/readyz`)).json(), {
            timeout: lost + 5_000,
            interval: 100,
          })
          .toEqual({ ready: false, reasons: ['redis'] });
      }
      // The balancer counts every instance out of the ready pool…
      for (const instance of parts.cluster.instances) {
        await expect
          .poll(async () => (await parts.cluster.haproxy.server(instance.name)).status, { timeout: 20_000 })
          .toMatch(/^DOWN/);
      }
      // …and answers from the same instances, checked on liveness: ADR 228's outage, not a total one.
      for (let i = 0; i < 6; i++) {
        expect((await fetch(`${parts.cluster.origin}/`)).status).toBe(200);
        expect((await fetch(`${parts.cluster.origin}/login?redirectTo=%2Flk`)).status).toBe(200);
        expect((await writer!.save()).saved).toBe(true);
        // The portal's own answer, never the balancer's: the last-known standing within ADR 229's grace, then
        // ADR 228's 503 page.
        const cabinet = await teacher.request('/lk');
        expect([200, 503]).toContain(cabinet.status);
        expect(await cabinet.text()).not.toContain('No server is available');
      }
    } finally {
      await parts.redis.start();
    }
    for (const instance of parts.cluster.instances) {
      await expect
        .poll(async () => (await parts.cluster.haproxy.server(instance.name)).status, { timeout: 20_000 })
        .toBe('UP');
    }
    expect((await teacher.request('/lk')).status).toBe(200);
  }, 90_000);
});
