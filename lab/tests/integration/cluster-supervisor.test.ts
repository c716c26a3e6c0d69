import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictationWriter, invite } from '../../bench/writer';
import { freePort } from '../../services/redis';
import { Client, DEMO_USERS } from '../../../tests/integration/harness';

/**
 * Issue 26, part 1 (ADR 230), through `npm run start:cluster` itself (lab/start-cluster.ts as a real process): an
 * instance killed with SIGKILL is started again while haproxy sends every request elsewhere, and a rolling
 * restart (`npm run cluster:roll`) replaces every instance under continuous reads and writes with no failed
 * request.
 */

const env: Record<string, string | undefined> = {
  PATH: process.env.PATH,
  UPSTREAM_DB: ':memory:',
  CLUSTER_INSTANCES: '2',
  // One request per instance at a time: the rolling restart's traffic keeps requests waiting in haproxy's queue
  // throughout, which is where a rolling restart went wrong under load (haproxy's `drain`).
  CLUSTER_INSTANCE_MAXCONN: '1',
  SESSION_SECRET: 'integration-test-secret-integration-test-secret',
  AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
  // The reference upstream's fault rules (/__faults__): the rolling restart runs with every call 300 ms late.
  UPSTREAM_FAULTS: 'true',
  LOG_LEVEL: 'warn',
};

/** The script's children whose command line contains `what`, as `ps` lists them. */
function childPids(pid: number, what: string): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(what))
      .map((line) => Number(line.trim().split(/\s+/)[0]));
  } catch {
    return [];
  }
}
const instancePids = (pid: number) => childPids(pid, 'build/server/main.js');

let script: ChildProcess;
let origin = '';
let upstream = '';
let log = '';
let stats = '';

beforeAll(async () => {
  const upstreamPort = await freePort();
  upstream = `http://127.0.0.1:${upstreamPort}`;
  script = spawn(process.execPath, ['--import', 'tsx', 'lab/start-cluster.ts'], {
    env: { ...env, PORT: '0', UPSTREAM_PORT: String(upstreamPort) } as Record<string, string> as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  script.stderr!.on('data', (chunk: Buffer) => (log += String(chunk)));
  let output = '';
  origin = await new Promise<string>((resolve, reject) => {
    script.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = /Кластер запущен: (http:\/\/localhost:\d+)/.exec(output);
      const statsPage = /haproxy (http:\/\/127\.0\.0\.1:\d+)\/metrics/.exec(output);
      if (match && statsPage) {
        stats = `${statsPage[1]!}/stats;csv`;
        resolve(match[1]!);
      }
    });
    script.once('exit', () => reject(new Error(`the script exited:\n${output}\n${log}`)));
  });
});

afterAll(async () => {
  if (!script || script.exitCode !== null) return;
  const exited = once(script, 'exit');
  script.kill('SIGTERM');
  await exited;
});

/**
 * Requests through the balancer until `until` resolves; every one that did not succeed, by what it got. `crowd`
 * more loops ask for `/robots.txt` from an instance without a pause, enough to keep a queue standing at the balancer.
 */
async function traffic(until: Promise<void>, withWriters: boolean, crowd = 0) {
  let done = false;
  void until.then(() => (done = true));
  const failures: string[] = [];
  let count = 0;
  const browser = new Client(origin);
  const { url } = await browser.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
  expect(url).toBe(`${origin}/lk`);
  const loop = async (step: () => Promise<{ ok: boolean; what: string }>, pause = 20) => {
    while (!done) {
      const outcome = await step().catch((error: Error) => ({ ok: false, what: error.message }));
      count++;
      if (!outcome.ok) failures.push(outcome.what);
      await sleep(pause);
    }
  };
  const page = (path: string, client?: Client) => async () => {
    const response = client ? await client.request(path) : await fetch(`${origin}${path}`);
    const text = await response.text();
    return { ok: response.status === 200 && (!client || text.includes(DEMO_USERS.teacher.email)), what: path };
  };
  const writers = withWriters ? (await invite(upstream, 4)).map((code) => dictationWriter(origin, code)) : [];
  for (const writer of writers) expect(await writer.start()).toBe(303);
  const loops = Promise.all([
    loop(page('/login')),
    loop(page('/')),
    loop(page('/lk', browser)),
    ...Array.from({ length: crowd }, () => loop(page('/robots.txt'), 0)),
    ...writers.map((writer) =>
      loop(async () => {
        const result = await writer.save();
        return { ok: result.saved, what: `save ${result.status}` };
      }),
    ),
  ]);
  return loops.then(() => ({ failures, count }));
}

describe('npm run start:cluster supervises its parts', () => {
  it('starts a killed instance again while the balancer keeps answering', async () => {
    const before = instancePids(script.pid!);
    expect(before).toHaveLength(2);
    let finish!: () => void;
    const running = traffic(new Promise<void>((resolve) => (finish = resolve)), false);
    await sleep(1000);
    process.kill(before[1]!, 'SIGKILL');
    await expect.poll(() => log, { timeout: 20_000 }).toMatch(/portal\d exited \(SIGKILL\); starting it again/);
    await expect.poll(() => log, { timeout: 30_000 }).toMatch(/portal\d is back/);
    const after = instancePids(script.pid!);
    expect(after).toHaveLength(2);
    expect(after).toContain(before[0]);
    expect(after).not.toContain(before[1]);
    // Until the balancer counts it up again: the requests go on meanwhile.
    await sleep(5000);
    finish();
    const { failures, count } = await running;
    expect(count).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    expect(script.exitCode).toBeNull();
  });

  it('replaces every instance, one at a time, under reads and writes, with no failed request', async () => {
    const before = instancePids(script.pid!);
    let finish!: () => void;
    const running = traffic(new Promise<void>((resolve) => (finish = resolve)), true, 24);
    // Each page and save holds its instance's one slot for 300 ms or more: the queue never runs dry.
    const faults = (init: RequestInit) => fetch(`${upstream}/__faults__`, init).then((r) => r.arrayBuffer());
    await sleep(500);
    await faults({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"latencyMs":300}' });
    await sleep(1000);
    const port = new URL(origin).port;
    const roll = spawn(process.execPath, ['--import', 'tsx', 'lab/cluster-roll.ts'], {
      env: { PATH: process.env.PATH ?? '', PORT: port } as Record<string, string> as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [code] = await once(roll, 'exit');
    expect(code, log).toBe(0);
    expect(log).toMatch(/portal1: draining[\s\S]*portal1: replaced[\s\S]*portal2: draining[\s\S]*portal2: replaced/);
    // Requests kept arriving for the replaced instances after the restart: the balancer sends them work again,
    // queued ones included, rather than keeping them all waiting until its queue times out.
    const servedBy = async () => {
      const rows = (await (await fetch(stats)).text()).split('\n').map((line) => line.split(','));
      return Object.fromEntries(
        rows.filter((r) => r[0] === 'reads').map((r) => [r[1], { total: Number(r[7]), queueMax: Number(r[3]) }]),
      );
    };
    const afterRoll = await servedBy();
    expect(afterRoll.BACKEND!.queueMax, 'a queue stood at the balancer during the restart').toBeGreaterThan(0);
    await sleep(3000);
    const later = await servedBy();
    for (const name of ['portal1', 'portal2']) expect(later[name]!.total).toBeGreaterThan(afterRoll[name]!.total);
    await faults({ method: 'DELETE' });
    finish();
    const { failures, count } = await running;
    const after = instancePids(script.pid!);
    expect(after).toHaveLength(2);
    for (const pid of before) expect(after).not.toContain(pid);
    expect(count).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('starts Redis and the upstream again when they die', async () => {
    const [redis] = childPids(script.pid!, 'redis-server');
    const [reference] = childPids(script.pid!, 'upstream/main.ts');
    process.kill(redis!, 'SIGKILL');
    process.kill(reference!, 'SIGKILL');
    await expect.poll(() => log, { timeout: 30_000 }).toMatch(/redis is back/);
    await expect.poll(() => log, { timeout: 30_000 }).toMatch(/upstream is back/);
    // Redis's state is gone: the portal signs in again and answers.
    const browser = new Client(origin);
    await expect
      .poll(async () => (await browser.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password)).url, {
        timeout: 20_000,
      })
      .toBe(`${origin}/lk`);
    expect(script.exitCode).toBeNull();
  });
});
