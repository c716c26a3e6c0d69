import { readFileSync } from 'node:fs';
import { freePort } from '../services/redis';
import {
  MALLOC_ARENA_MAX,
  MALLOC_MMAP_THRESHOLD,
  PORTAL_NODE_OPTIONS,
  runPortal,
  runTs,
  startUpstreamProcess,
  stopChild,
  waitForOk,
} from '../../scripts/processes';
import { Client, DEMO_USERS } from '../../tests/integration/harness';
import { ticks } from './day-cpu';
import { combine, runLoad, type LoadResult } from './load';
import { REFERENCE_PATH } from './reference-build';
import { check, fmt, heading } from './report';

/**
 * Budget 12 (issue 18, ADR 225): what a page costs the server, measured from outside as production runs it. The
 * compiled portal (`node build/server/main.js`, info-level logs included) and the reference upstream each run in a
 * process of their own; this process only generates load. CPU time per request is read from /proc for the portal
 * alone, so the upstream's share is excluded; resident memory is the portal's peak (VmHWM) over the whole load.
 * `BENCH_CPU_PROF=dir` starts the portal with `--cpu-prof` into that folder (lab/bench/profile.ts reads it).
 */
const ROUNDS = 4;
const PER_ROUND = 500;
const CONCURRENCY = 16;
const LATENCY_MS = 100;

function peakRssMb(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) / 1024;
}

export async function costBudgets() {
  heading(`12. Cost per page: the compiled portal in its own process, ${ROUNDS} rounds of ${PER_ROUND} a page`);
  const upstream = await startUpstreamProcess(String(await freePort()), {
    env: { UPSTREAM_DB: ':memory:', UPSTREAM_DEV_TOOLS: 'true', UPSTREAM_FAULTS: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const portalEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    REST_API_URL: upstream.url,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
  };
  const portal = runPortal(
    portalEnv,
    ['ignore', 'ignore', 'inherit'],
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const origin = `http://localhost:${port}`;
  const referencePort = await freePort();
  const reference = runTs(
    'lab/bench/reference-server.ts',
    [],
    // The portal's process settings too (scripts/processes.ts), through the environment.
    {
      ...portalEnv,
      PORT: String(referencePort),
      MALLOC_ARENA_MAX,
      MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD,
      NODE_OPTIONS: PORTAL_NODE_OPTIONS.join(' '),
    },
    ['ignore', 'ignore', 'inherit'],
  );
  try {
    await waitForOk(`http://127.0.0.1:${port}/robots.txt`, portal, 'the portal');
    await waitForOk(`http://127.0.0.1:${referencePort}/robots.txt`, reference, 'the reference page’s server');
    const client = new Client(origin);
    await client.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
    const signedIn = { Cookie: await client.cookieHeader() };
    const pages = {
      floor: { url: `${origin}/robots.txt`, headers: {}, pid: portal.pid! },
      reference: { url: `http://localhost:${referencePort}${REFERENCE_PATH}`, headers: {}, pid: reference.pid! },
      // With a query, so that every request is rendered: the plain `/login` of a visitor without a session is
      // rendered once and handed on, which would measure a copy, not a page.
      login: { url: `${origin}/login?redirectTo=%2Flk`, headers: {}, pid: portal.pid! },
      cabinet: { url: `${origin}/lk`, headers: signedIn, pid: portal.pid! },
      list: { url: `${origin}/lk/scenarios`, headers: signedIn, pid: portal.pid! },
    };
    const keys = Object.keys(pages) as (keyof typeof pages)[];
    for (const key of keys) await runLoad({ ...pages[key], count: 100, concurrency: CONCURRENCY });
    const runs = Object.fromEntries(keys.map((k) => [k, [] as LoadResult[]])) as Record<string, LoadResult[]>;
    const cpuMs = Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>;
    // Alternating rounds (A B C D, D C B A, …) so that every page sees the same background load.
    for (let round = 0; round < ROUNDS; round++) {
      for (const key of round % 2 ? [...keys].reverse() : keys) {
        const count = key === 'floor' ? PER_ROUND * 4 : PER_ROUND;
        const before = ticks(pages[key].pid);
        runs[key]!.push(await runLoad({ ...pages[key], count, concurrency: CONCURRENCY }));
        cpuMs[key]! += (ticks(pages[key].pid) - before) * 10;
      }
    }
    const results = Object.fromEntries(keys.map((k) => [k, combine(runs[k]!)])) as Record<string, LoadResult>;
    for (const key of keys) {
      const r = results[key]!;
      console.log(
        `  ${new URL(pages[key].url).pathname}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, ` +
          `${fmt(cpuMs[key]! / r.count)} ms portal CPU/request` +
          (r.errors ? `; ${r.errors} ERRORS: ${r.firstError}` : ''),
      );
    }
    const perRequest = (key: string) => cpuMs[key]! / results[key]!.count;
    // On the 2-core bench machine, above its noise: Node 24's figures (ADR 225).
    for (const [key, budget] of [
      ['login', 5],
      ['cabinet', 9],
    ] as const) {
      check({
        section: 'cost per page',
        name: `portal CPU per request of ${new URL(pages[key].url).pathname}`,
        measured: perRequest(key),
        budget,
        unit: 'ms',
        kind: 'max',
        pass: results[key]!.errors === 0 && perRequest(key) <= budget,
      });
    }
    check({
      section: 'cost per page',
      name: `portal CPU per request of /login vs a minimal Remix page (${REFERENCE_PATH})`,
      measured: perRequest('login') / perRequest('reference'),
      budget: 1.2,
      unit: '×',
      kind: 'max',
      note: `throughput ${fmt(results.reference!.rps / results.login!.rps)} ×`,
    });
    check({
      section: 'cost per page',
      name: 'throughput of /lk vs /login',
      measured: results.cabinet!.rps / results.login!.rps,
      budget: 0.75,
      unit: '×',
      kind: 'min',
      note: `by CPU time: ${fmt(perRequest('login') / perRequest('cabinet'))} ×`,
    });

    // One upstream latency on every call: sequential /lk requests take that latency plus what the portal adds.
    await fetch(`${upstream.url}/__faults__`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ latencyMs: LATENCY_MS }),
    });
    const slow = await runLoad({ ...pages.cabinet, count: 30, concurrency: 1, timeoutMs: 5000 });
    await fetch(`${upstream.url}/__faults__`, { method: 'DELETE' });
    check({
      section: 'cost per page',
      name: `/lk over one upstream latency of ${LATENCY_MS} ms (median)`,
      measured: slow.p50 - LATENCY_MS,
      budget: 10,
      unit: 'ms',
      kind: 'max',
      pass: slow.errors === 0 && slow.p50 - LATENCY_MS <= 10,
    });
    const rss = peakRssMb(portal.pid!);
    const total = Object.values(results).reduce((sum, r) => sum + r.count, 0);
    check({
      section: 'cost per page',
      name: `portal peak resident memory over ${total} requests`,
      measured: rss,
      budget: 250,
      unit: 'MB',
      kind: 'max',
    });
    return { cost: { results, cpuMs, slowCabinet: slow, peakRssMb: rss } };
  } finally {
    await stopChild(portal, 'SIGINT');
    await stopChild(reference);
    await stopChild(upstream.child);
  }
}
