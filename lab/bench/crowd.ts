import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Instance } from '../services/cluster';
import { SHARED_PAGE_SECONDS } from '../../bff/server/shared-pages.server';
import { Client } from '../../tests/integration/harness';
import { register, startDaySystem } from './day-system';
import { percentile } from './load';
import { check, fmt, heading } from './report';
import { dictationWriter, invite } from './writer';

/**
 * The crowd at the start of the day (issue 27, ADR 227), through haproxy in front of three instances as
 * `npm run start:cluster` runs them (lab/bench/day-system.ts), with the portal's default sign-in limits:
 *
 * 1. VISITORS anonymous GETs of `/` and `/dictation` within CROWD_SECONDS, one started every few milliseconds
 *    (bounded: exactly that many, at most 256 in flight, loopback only); the instances' renders of each page
 *    counted from their metrics (the route's requests): at most one per page per cache period.
 * 2. WRITERS writers pressing «Начать диктант» within SPIKE_SECONDS (each opens their link first).
 * 3. PUPILS pupils of one school, all from this one address, signing in through the (shared) login form within
 *    PUPILS_SECONDS.
 *
 * Each: 0 refusals, 0 5xx, p95 printed. `npm run bench -- crowd` runs it alone; the BENCH_CROWD_* variables
 * shrink it for a quick look.
 */
const VISITORS = Number(process.env.BENCH_CROWD_VISITORS ?? 5000);
const CROWD_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 10);
const WRITERS = Number(process.env.BENCH_CROWD_WRITERS ?? 1000);
const SPIKE_SECONDS = Number(process.env.BENCH_CROWD_SPIKE_SECONDS ?? 30);
const PUPILS = Number(process.env.BENCH_CROWD_PUPILS ?? 300);
const PUPILS_SECONDS = Number(process.env.BENCH_CROWD_PUPILS_SECONDS ?? 300);
const PAGES = { '/': 'routes/default/home', '/dictation': 'routes/default/dictation' } as const;

/** Requests of a route so far, per instance, from the instances' own metrics. */
async function renders(instances: Instance[], route: string): Promise<number[]> {
  return Promise.all(
    instances.map(async (instance) => {
      const text = await (await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`)).text();
      let total = 0;
      for (const [, labels, value] of text.matchAll(/^portal_http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
        if (labels!.includes(`route="${route}"`)) total += Number(value);
      }
      return total;
    }),
  );
}

/** One GET as a browser sends it (compressed, no cookie), its whole body read. */
function get(url: string, agent: Agent) {
  return new Promise<{ status: number; age: string | undefined; cacheControl: string | undefined }>(
    (resolve, reject) => {
      const req = request(
        url,
        { agent, headers: { 'Accept-Encoding': 'gzip, deflate, br' }, signal: AbortSignal.timeout(30_000) },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, age: res.headers.age, cacheControl: res.headers['cache-control'] }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/** `count` tasks started evenly over `seconds`, each timed; their latencies (ascending) and outcomes. */
async function spread<T>(count: number, seconds: number, task: (index: number) => Promise<T>) {
  const started = performance.now();
  const latencies: number[] = [];
  const outcomes = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      await sleep(Math.max(0, (seconds * 1000 * index) / count - (performance.now() - started)));
      const t0 = performance.now();
      try {
        return await task(index);
      } finally {
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), outcomes, seconds: (performance.now() - started) / 1000 };
}

const zero = (name: string, measured: number, note?: string) =>
  check({ section: 'crowd', name, measured, budget: 0, unit: '', kind: 'max', note });

async function crowd(sys: Awaited<ReturnType<typeof startDaySystem>>) {
  heading(
    `14a. The crowd: ${VISITORS} anonymous visitors open / and /dictation within ${CROWD_SECONDS} s, through ` +
      `haproxy, ${sys.cluster.instances.length} instances`,
  );
  const origin = sys.cluster.origin;
  if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin)) throw new Error(`not loopback: ${origin}`);
  // After a cache period with nothing kept: the first wave misses together.
  await sleep(SHARED_PAGE_SECONDS * 1000 + 1000);
  const before = await Promise.all(Object.values(PAGES).map((route) => renders(sys.cluster.instances, route)));
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const paths = Object.keys(PAGES);
  let refused = 0;
  let serverErrors = 0;
  let kept = 0;
  let firstProblem: string | undefined;
  const run = await spread(VISITORS, CROWD_SECONDS, async (index) => {
    const path = paths[index % paths.length]!;
    try {
      const { status, age, cacheControl } = await get(`${origin}${path}`, agent);
      if (status >= 500) serverErrors += 1;
      else if (status !== 200 || !cacheControl?.startsWith('public')) refused += 1;
      if (status !== 200) firstProblem ??= `${path}: HTTP ${status}`;
      if (age !== undefined) kept += 1;
    } catch (error) {
      refused += 1;
      firstProblem ??= `${path}: ${String(error)}`;
    }
  });
  agent.destroy();
  const after = await Promise.all(Object.values(PAGES).map((route) => renders(sys.cluster.instances, route)));
  const periods = Math.ceil(run.seconds / SHARED_PAGE_SECONDS);
  console.log(
    `  ${VISITORS} answers in ${fmt(run.seconds)} s: p50 ${fmt(percentile(run.latencies, 50))} ms, p95 ` +
      `${fmt(percentile(run.latencies, 95))} ms, max ${fmt(run.latencies.at(-1) ?? 0)} ms; ${kept} from the ` +
      `balancer's copy`,
  );
  const figures: Record<string, number[]> = {};
  paths.forEach((path, i) => {
    const perInstance = after[i]!.map((n, j) => n - before[i]![j]!);
    figures[path] = perInstance;
    const total = perInstance.reduce((sum, n) => sum + n, 0);
    check({
      section: 'crowd',
      name: `renders of ${path} (${periods} cache periods of ${SHARED_PAGE_SECONDS} s)`,
      measured: total,
      budget: periods,
      unit: '',
      kind: 'max',
      note: `per instance ${perInstance.join(' / ')}`,
    });
  });
  zero('crowd: refusals', refused, firstProblem);
  zero('crowd: 5xx answers', serverErrors);
  return { visitors: VISITORS, seconds: run.seconds, p95: percentile(run.latencies, 95), kept, renders: figures };
}

async function spike(sys: Awaited<ReturnType<typeof startDaySystem>>) {
  heading(`14b. The start: ${WRITERS} writers press «Начать диктант» within ${SPIKE_SECONDS} s`);
  const codes = await invite(sys.upstream.url, WRITERS);
  let refused = 0;
  let serverErrors = 0;
  let firstProblem: string | undefined;
  const run = await spread(codes.length, SPIKE_SECONDS, async (index) => {
    try {
      const status = await dictationWriter(sys.cluster.origin, codes[index]!).start();
      if (status >= 500) serverErrors += 1;
      else if (status !== 303) refused += 1;
      if (status !== 303) firstProblem ??= `HTTP ${status}`;
    } catch (error) {
      refused += 1;
      firstProblem ??= String(error);
    }
  });
  const p95 = percentile(run.latencies, 95);
  console.log(
    `  ${codes.length} starts (the link's page and the POST) in ${fmt(run.seconds)} s: p50 ` +
      `${fmt(percentile(run.latencies, 50))} ms, p95 ${fmt(p95)} ms, max ${fmt(run.latencies.at(-1) ?? 0)} ms`,
  );
  zero('start spike: refusals', refused, firstProblem);
  zero('start spike: 5xx answers', serverErrors);
  return { writers: codes.length, seconds: run.seconds, p95 };
}

async function pupils(sys: Awaited<ReturnType<typeof startDaySystem>>) {
  heading(`14c. A school: ${PUPILS} pupils from one address sign in within ${PUPILS_SECONDS} s (default limits)`);
  const accounts: { email: string; password: string }[] = [];
  // Ten at a time: the upstream hashes every password, and registering is not what is measured.
  for (let first = 0; first < PUPILS; first += 10) {
    const batch = Array.from({ length: Math.min(10, PUPILS - first) }, (_, i) => 1000 + first + i);
    accounts.push(...(await Promise.all(batch.map((index) => register(sys.upstream.url, index, 'bench-pupil')))));
  }
  let refused = 0;
  let serverErrors = 0;
  let firstProblem: string | undefined;
  const run = await spread(accounts.length, PUPILS_SECONDS, async (index) => {
    const { email, password } = accounts[index]!;
    // The login form as the balancer shares it, then the sign-in itself.
    const { response } = await new Client(sys.cluster.origin).login(email, password);
    const text = await response.text();
    if (response.status >= 500) serverErrors += 1;
    else if (response.status !== 200 || !text.includes(email)) refused += 1;
    if (response.status !== 200) firstProblem ??= `HTTP ${response.status}`;
  });
  const p95 = percentile(run.latencies, 95);
  console.log(
    `  ${accounts.length} sign-ins (form, POST, the cabinet) in ${fmt(run.seconds)} s: p50 ` +
      `${fmt(percentile(run.latencies, 50))} ms, p95 ${fmt(p95)} ms, max ${fmt(run.latencies.at(-1) ?? 0)} ms`,
  );
  zero('school: refusals', refused, firstProblem);
  zero('school: 5xx answers', serverErrors);
  return { pupils: accounts.length, seconds: run.seconds, p95 };
}

export async function crowdBudget() {
  // The portal's own per-address limits (bff/config.server.ts), not the day's generous one.
  const sys = await startDaySystem({ instances: 3, users: 0, env: { AUTH_RATE_LIMIT_PER_ADDRESS: undefined } });
  try {
    return { crowd: { visitors: await crowd(sys), start: await spike(sys), school: await pupils(sys) } };
  } finally {
    await sys.close();
  }
}
