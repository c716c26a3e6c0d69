import { mkdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { freePort } from '../services/redis';
import { runPortal, startUpstreamProcess, stopChild, waitForOk } from '../../scripts/processes';
import { Client, DEMO_USERS } from '../../tests/integration/harness';
import { ticks } from './day-cpu';
import { register } from './day-system';
import { check, fmt, heading } from './report';
import { dictationWriter, invite, type DictationWriter } from './writer';

/**
 * Budget 17 (issue 46): the portal's resident memory under a day's mix, as production runs it. The compiled
 * portal (`npm start`'s command and process settings, NODE_ENV=production) and the reference upstream each in a
 * process of their own, so the figure is the portal's alone; this process only sends the requests: 40,000 of
 * signed-in cabinet pages and their `.data` answers (`USERS` accounts), anonymous public pages and dictation
 * saves (`WRITERS` invitations), at concurrency 16. Every `EVERY` requests: RSS from /proc (the median of the
 * readings over the last 1,000 requests), and the heap and external memory from the portal's own metrics. Budgets:
 * RSS at the end ≤ 250 MB, and flat: the last half of the requests adds ≤ 10 MB. `BENCH_MEMORY_REQUESTS` shrinks
 * the run; `BENCH_HEAP_SNAPSHOTS=dir` has the portal write a heap snapshot into `dir` after the warm-up and at the
 * end (`--heapsnapshot-signal`), for Chrome's Memory tab.
 */
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 40_000);
const EVERY = 5_000;
/** RSS is read every 250 requests; a sample is the median of its last five readings (the last 1,000 requests). */
const READ_EVERY = 250;
const READINGS_PER_SAMPLE = 5;
const CONCURRENCY = 16;
const USERS = 40;
const WRITERS = 200;
const MB = 1024 * 1024;
const RSS_BUDGET_MB = 250;
const GROWTH_BUDGET_MB = 10;

/** The day's mix, one cycle of 20 requests: 7 cabinet pages, 4 `.data` answers, 5 anonymous pages, 4 saves. */
const CABINET = ['/lk', '/profile', '/lk/dictations', '/lk/support', '/lk/master-classes', '/lk/scenarios', '/lk'];
const DATA = ['/lk.data', '/lk/scenarios.data', '/profile.data', '/lk/dictations.data'];
const ANONYMOUS = ['/', '/dictation', '/week', '/login?redirectTo=%2Flk', '/'];
type Step = { kind: 'page'; path: string; signedIn: boolean } | { kind: 'save' };
const CYCLE: Step[] = [
  ...CABINET.map((p) => ({ kind: 'page' as const, path: p, signedIn: true })),
  ...DATA.map((p) => ({ kind: 'page' as const, path: p, signedIn: true })),
  ...ANONYMOUS.map((p) => ({ kind: 'page' as const, path: p, signedIn: false })),
  ...Array.from({ length: 4 }, () => ({ kind: 'save' as const })),
];

interface Sample {
  requests: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

function rssMb(pid: number, field = 'VmRSS'): number {
  const line = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

/** The portal's own view of its memory, from its Prometheus metrics (prom-client's default ones). */
async function metricsMb(metricsUrl: string) {
  const text = await (await fetch(metricsUrl)).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? NaN) / MB;
  return {
    heapUsedMb: value('nodejs_heap_size_used_bytes'),
    heapTotalMb: value('nodejs_heap_size_total_bytes'),
    externalMb: value('nodejs_external_memory_bytes'),
  };
}

/** One request, its whole body read; the status, or the error's message. */
function send(url: string, headers: Record<string, string>, agent: Agent) {
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { headers, agent, signal: AbortSignal.timeout(10_000) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function memoryBudget() {
  heading(
    `17. Resident memory: the compiled portal in its own process, ${REQUESTS} requests of the day's mix, RSS every ${EVERY}`,
  );
  const upstream = await startUpstreamProcess(String(await freePort()), {
    env: { UPSTREAM_DB: ':memory:', UPSTREAM_DEV_TOOLS: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const port = await freePort();
  const metricsPort = await freePort();
  const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
  if (snapshots) mkdirSync(snapshots, { recursive: true });
  const portal = runPortal(
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      REST_API_URL: upstream.url,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      LOG_LEVEL: 'info',
    },
    ['ignore', 'ignore', 'inherit'],
    snapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.resolve(snapshots)}`] : [],
  );
  const origin = `http://localhost:${port}`;
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await waitForOk(`http://127.0.0.1:${port}/robots.txt`, portal, 'the portal');
    // The accounts: the demo teacher and USERS − 1 registered at the upstream, each signed in through the form.
    const accounts: { email: string; password: string }[] = [DEMO_USERS.teacher];
    for (let i = 1; i < USERS; i++) accounts.push(await register(upstream.url, i, 'bench-memory'));
    const cookies: string[] = [];
    for (const account of accounts) {
      const client = new Client(origin);
      const { url } = await client.login(account.email, account.password);
      if (!url.endsWith('/lk')) throw new Error(`${account.email} was not signed in (landed on ${url})`);
      cookies.push(await client.cookieHeader());
    }
    const writers: DictationWriter[] = (await invite(upstream.url, WRITERS)).map((code) =>
      dictationWriter(origin, code),
    );
    for (const writer of writers) {
      const status = await writer.start();
      if (status !== 303) throw new Error(`a writer could not start: HTTP ${status}`);
    }

    const samples: Sample[] = [];
    // RSS is read every READ_EVERY requests; a sample is the median of the last readings up to it, so that what
    // V8's young generation and the buffers not yet collected hold at one instant (±10 MB) does not decide it.
    const readings: number[] = [];
    const sample = async (requests: number) => {
      const last = readings.slice(-READINGS_PER_SAMPLE).sort((a, b) => a - b);
      const at = {
        requests,
        rssMb: last.length ? last[Math.floor(last.length / 2)]! : rssMb(portal.pid!),
        ...(await metricsMb(metricsUrl)),
      };
      samples.push(at);
      console.log(
        `  after ${String(requests).padStart(6)} requests: RSS ${fmt(at.rssMb)} MB (heap ${fmt(at.heapUsedMb)} used of ` +
          `${fmt(at.heapTotalMb)}, external ${fmt(at.externalMb)}; anonymous ${fmt(rssMb(portal.pid!, 'RssAnon'))}, ` +
          `files ${fmt(rssMb(portal.pid!, 'RssFile'))})`,
      );
    };
    const snapshot = async (name: string) => {
      if (!snapshots) return;
      portal.kill('SIGUSR2');
      // The snapshot is written synchronously on the portal's main thread: the next answer comes after it.
      await waitForOk(`http://127.0.0.1:${port}/robots.txt`, portal, 'the portal');
      console.log(`  heap snapshot ${name} in ${snapshots}`);
    };
    await sample(0);

    let sent = 0;
    let saves = 0;
    let errors = 0;
    let firstError: string | null = null;
    const fail = (message: string) => {
      errors += 1;
      firstError ??= message;
    };
    const one = async (index: number) => {
      const step = CYCLE[index % CYCLE.length]!;
      const round = Math.floor(index / CYCLE.length);
      if (step.kind === 'save') {
        // Round-robin over the writers: a writer's previous save ended long before its next (WRITERS ≫ CONCURRENCY).
        const result = await writers[saves++ % WRITERS]!.save();
        if (!result.saved) fail(`save: HTTP ${result.status} ${result.outcome}`);
        return;
      }
      const headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br' };
      if (step.signedIn) headers.Cookie = cookies[round % cookies.length]!;
      const status = await send(origin + step.path, headers, agent);
      if (status !== 200) fail(`HTTP ${status} for ${step.path}`);
    };
    const worker = async (until: number) => {
      while (sent < until) {
        const index = sent++;
        await one(index).catch((error: unknown) => fail(String(error)));
      }
    };
    const started = performance.now();
    const cpuBefore = ticks(portal.pid);
    for (let until = READ_EVERY; until <= REQUESTS; until += READ_EVERY) {
      await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(until)));
      readings.push(rssMb(portal.pid!));
      if (until % EVERY) continue;
      await sample(until);
      if (until === EVERY) await snapshot('after the warm-up');
    }
    await snapshot('at the end');
    const seconds = (performance.now() - started) / 1000;
    // Clock ticks of 10 ms: what a smaller young generation would cost shows here as more CPU per request.
    const cpuMsPerRequest = ((ticks(portal.pid) - cpuBefore) * 10) / REQUESTS;
    console.log(
      `  ${REQUESTS} requests in ${fmt(seconds)} s (${fmt(REQUESTS / seconds)}/s), ${saves} of them saves; ` +
        `portal CPU ${fmt(cpuMsPerRequest)} ms/request`,
    );
    const last = samples.at(-1)!;
    const half = samples.find((s) => s.requests >= REQUESTS / 2)!;
    check({
      section: 'memory',
      name: `portal resident memory after ${REQUESTS} requests of the day's mix`,
      measured: last.rssMb,
      budget: RSS_BUDGET_MB,
      unit: 'MB',
      kind: 'max',
    });
    check({
      section: 'memory',
      name: `RSS growth over the last ${REQUESTS - half.requests} requests`,
      measured: last.rssMb - half.rssMb,
      budget: GROWTH_BUDGET_MB,
      unit: 'MB',
      kind: 'max',
    });
    check({
      section: 'memory',
      name: 'failed requests',
      measured: errors,
      budget: 0,
      unit: '',
      kind: 'max',
      note: firstError ?? undefined,
    });
    return { memory: { requests: REQUESTS, seconds, cpuMsPerRequest, samples, errors } };
  } finally {
    agent.destroy();
    await stopChild(portal, 'SIGINT');
    await stopChild(upstream.child);
  }
}
