import { combine, runLoad, type LoadResult } from './load';
import { countUpstreamCalls, directProfileCall, type System } from './portal';
import { check, fmt, heading } from './report';

/** Budgets 2 and 4 of lab/bench/README.md: the BFF's cost under load, and the memory that load leaves behind. */
const LOAD = { count: 1500, concurrency: 16, warmup: 100, rounds: 6 };
const MB = 1024 * 1024;

export async function throughputAndMemoryBudgets(sys: System) {
  const { count, concurrency, warmup, rounds } = LOAD;
  heading(
    `2. The BFF adds little: ${count} requests a page at concurrency ${concurrency}, after ${warmup} warm-up requests`,
  );
  const origin = sys.portal.origin;
  const signedIn = { Cookie: sys.cookie };
  const pages = {
    bare: { label: 'GET /admin-auth, anonymous, no upstream call', url: `${origin}/admin-auth`, headers: {} },
    cabinet: { label: 'GET /lk, signed in', url: `${origin}/lk`, headers: signedIn },
    // More signed-in requests for the memory budget: a data request, cheaper than a document, through the same
    // session and /rest client code (every loader, 1 upstream call).
    data: { label: 'GET /lk/scenarios.data, signed in', url: `${origin}/lk/scenarios.data`, headers: signedIn },
  };
  for (const page of Object.values(pages)) await runLoad({ ...page, count: warmup, concurrency });
  const before = memory();

  // Other work on the machine comes and goes; the two compared pages take turns (A B B A A B …) in short rounds
  // so that both see the same background load, instead of one of them getting a quiet minute.
  const runs: Record<keyof typeof pages, LoadResult[]> = { bare: [], cabinet: [], data: [] };
  const upstreamCalls = { bare: 0, cabinet: 0, data: 0 };
  const order: (keyof typeof pages)[] = [];
  for (let round = 0; round < rounds; round++)
    order.push(...(round % 2 ? (['cabinet', 'bare'] as const) : (['bare', 'cabinet'] as const)));
  order.push('data');
  for (const key of order) {
    const n = key === 'data' ? count : count / rounds;
    const { result, total } = await countUpstreamCalls(sys.upstream, () =>
      runLoad({ ...pages[key], count: n, concurrency }),
    );
    runs[key].push(result);
    upstreamCalls[key] += total;
  }
  const results = { bare: combine(runs.bare), cabinet: combine(runs.cabinet), data: combine(runs.data) };
  const after = memory();

  for (const key of ['bare', 'cabinet', 'data'] as const) {
    const r = results[key];
    console.log(
      `  ${pages[key].label}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, ` +
        `${fmt(r.bytesPerResponse / 1024)} KB/response, ${fmt(r.cpuMsPerRequest)} ms CPU/request; ` +
        `${fmt(upstreamCalls[key] / r.count)} upstream calls/request` +
        (r.errors ? `; ${r.errors} ERRORS: ${r.firstError}` : ''),
    );
  }
  const { bare, cabinet } = results;
  const ratio = cabinet.rps / bare.rps;
  const perRound = runs.cabinet.map((r, i) => fmt(r.rps / runs.bare[i]!.rps)).join(', ');
  check({
    section: 'bff overhead',
    name: 'throughput of /lk vs /admin-auth',
    measured: ratio,
    budget: 0.5,
    unit: '×',
    kind: 'min',
    pass: cabinet.errors === 0 && bare.errors === 0 && ratio >= 0.5,
    note:
      `${fmt(cabinet.rps)} vs ${fmt(bare.rps)} req/s (per round: ${perRound}); /lk makes 1 upstream call to the ` +
      'reference upstream, which runs in this process on the same 2 cores as the portal and the load generator',
  });

  const upstream = await upstreamShare(sys, bare, cabinet);

  const signedInCount = results.cabinet.count + results.data.count;
  heading(`4. Memory: after ${signedInCount} signed-in requests (and ${results.bare.count} anonymous) vs before`);
  console.log(
    `  before: rss ${fmt(before.rss / MB)} MB, heap used ${fmt(before.heapUsed / MB)} MB; after: rss ${fmt(after.rss / MB)} MB, heap used ${fmt(after.heapUsed / MB)} MB`,
  );
  check({
    section: 'memory',
    name: 'heap growth',
    measured: (after.heapUsed - before.heapUsed) / MB,
    budget: 50,
    unit: 'MB',
    kind: 'max',
    note: globalThis.gc ? 'after a forced GC' : 'NO forced GC (run with node --expose-gc): includes garbage',
  });
  console.log(
    '  not checked: the session single-flight map (private to the session store; a valid auth cookie never refreshes, so unused here)',
  );
  return {
    throughput: { ...LOAD, results, upstreamCalls, upstream, perRound: { bare: runs.bare, cabinet: runs.cabinet } },
    memory: {
      before,
      after,
      signedInRequests: signedInCount,
      forcedGc: Boolean(globalThis.gc),
      singleFlightMap: 'not observable; not exercised (no refresh with a valid auth cookie)',
    },
  };
}

/**
 * Not budgets: the same comparison by CPU time, which other programs on the machine barely move (when it and
 * the wall-clock ratio disagree, the machine was busy), and without the in-process upstream's share of it.
 * The direct figure includes the load generator's side of each call, so the estimate flatters /lk a little
 * (by about what /healthz costs, ~0.5 ms). Measured after the memory figures, which these requests stay out of.
 */
async function upstreamShare(sys: System, bare: LoadResult, cabinet: LoadResult) {
  const call = await directProfileCall(sys);
  await runLoad({ ...call, count: LOAD.warmup, concurrency: LOAD.concurrency });
  const direct = await runLoad({ ...call, count: 500, concurrency: LOAD.concurrency });
  const withoutUpstream = cabinet.cpuMsPerRequest - direct.cpuMsPerRequest;
  console.log(
    `  by CPU time per request: /lk ${fmt(cabinet.cpuMsPerRequest)} ms vs /admin-auth ${fmt(bare.cpuMsPerRequest)} ms → ` +
      `${fmt(bare.cpuMsPerRequest / cabinet.cpuMsPerRequest)} ×; the reference upstream serving the profile call ` +
      `costs ${fmt(direct.cpuMsPerRequest)} ms of it (measured directly), without which /lk would be ` +
      `${fmt(bare.cpuMsPerRequest / withoutUpstream)} × (an estimate for an upstream on other machines)`,
  );
  return { directProfileCall: direct, cabinetCpuMsWithoutUpstream: withoutUpstream };
}

/** Memory after a full collection when the bench runs with --expose-gc (twice: the first may leave finalizers). */
function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}
