import { performance } from 'node:perf_hooks';
import { startPortal } from '../../tests/integration/harness';
import { runLoad } from './load';
import { countUpstreamCalls, type System } from './portal';
import { check, fmt, heading } from './report';

/** Budget 1 of lab/bench/README.md: a page takes about one upstream latency, not one per upstream call. */
const LATENCY_MS = 150;
const SAMPLES = 15;

export async function waterfallBudget(sys: System) {
  heading(
    `1. No request waterfalls: median of ${SAMPLES} sequential signed-in requests, then again with ${LATENCY_MS} ms added to every /rest call`,
  );
  const targets = [
    { name: 'GET /lk (document)', path: '/lk' },
    { name: 'GET /profile (document)', path: '/profile' },
    { name: 'GET /lk/scenarios.data (every loader)', path: '/lk/scenarios.data' },
    // What the browser sends navigating /lk → /lk/scenarios: the unchanged parent routes are not revalidated.
    {
      name: 'GET /lk/scenarios.data?_routes= (navigation)',
      path: '/lk/scenarios.data?_routes=routes%2Flk%2Fscenarios',
    },
  ];
  const headers = { Cookie: sys.cookie };
  // Sequential requests: nothing else runs, so the upstream's counters tell exactly what one page load called.
  const measure = (target: string, count = SAMPLES) =>
    countUpstreamCalls(sys.upstream, () =>
      runLoad({ url: sys.portal.origin + target, count, concurrency: 1, headers }),
    );
  const rows = [];
  for (const target of targets) {
    await measure(target.path, 5);
    const fast = await measure(target.path);
    await sys.upstream.fault({ path: '/rest', latencyMs: LATENCY_MS, times: 1_000_000 });
    const slow = await measure(target.path).finally(() => sys.upstream.clearFaults());
    const budget = 1.6 * LATENCY_MS + fast.result.p50;
    const errors = fast.result.errors + slow.result.errors;
    const calls =
      Object.entries(slow.calls)
        .map(([name, n]) => `${name}×${fmt(n / SAMPLES)}`)
        .join(' ') || 'none';
    check({
      section: 'waterfall',
      name: `${target.name} median`,
      measured: slow.result.p50,
      budget,
      unit: 'ms',
      kind: 'max',
      pass: errors === 0 && slow.result.p50 <= budget,
      note:
        `${fmt(slow.total / SAMPLES)} upstream calls/request (${calls}); without latency ${fmt(fast.result.p50)} ms` +
        (errors ? `; ${errors} ERRORS: ${fast.result.firstError ?? slow.result.firstError}` : ''),
    });
    rows.push({ ...target, withoutLatency: fast.result, withLatency: slow.result, upstreamCalls: slow.calls });
  }
  return { latencyMs: LATENCY_MS, samples: SAMPLES, rows, coldHome: await coldHomeBudget(sys) };
}

/** Issue 8's home budget: `/lk` with a cold read cache, 100 ms on every call, one latency + 20 ms at most. */
const HOME_LATENCY_MS = 100;
const HOME_SLACK_MS = 20;
const HOME_MIN_CALLS = 3;

/**
 * The cabinet home's reads are cached (shared and per user), so a warm `/lk` calls almost nothing. Each sample
 * here is a portal of its own on the same upstream, its cache empty, warmed up on a page without upstream calls,
 * then opened once with the bench's session.
 */
async function coldHomeOnce(sys: System) {
  const portal = await startPortal({ upstreamUrl: sys.upstream.url, env: { LOG_LEVEL: 'warn' } });
  try {
    // A page that calls no upstream first, so the new server's first-request costs are not counted as waiting.
    await (await fetch(`${portal.origin}/login`)).arrayBuffer();
    return await countUpstreamCalls(sys.upstream, async () => {
      const started = performance.now();
      const response = await fetch(`${portal.origin}/lk`, { headers: { Cookie: sys.cookie }, redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /lk: HTTP ${response.status}`);
      return performance.now() - started;
    });
  } finally {
    await portal.close();
  }
}

async function coldHomeMedian(sys: System) {
  const samples = [];
  for (let i = 0; i < SAMPLES; i += 1) samples.push(await coldHomeOnce(sys));
  const times = samples.map((sample) => sample.result).sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, calls: Math.min(...samples.map((sample) => sample.total)) };
}

async function coldHomeBudget(sys: System) {
  await coldHomeMedian(sys);
  const fast = await coldHomeMedian(sys);
  await sys.upstream.fault({ path: '/rest', latencyMs: HOME_LATENCY_MS, times: 1_000_000 });
  const slow = await coldHomeMedian(sys).finally(() => sys.upstream.clearFaults());
  const budget = fast.p50 + HOME_LATENCY_MS + HOME_SLACK_MS;
  check({
    section: 'waterfall',
    name: `GET /lk (document, cold cache, ${HOME_LATENCY_MS} ms a call) median`,
    measured: slow.p50,
    budget,
    unit: 'ms',
    kind: 'max',
    pass: slow.p50 <= budget && slow.calls >= HOME_MIN_CALLS,
    note: `${slow.calls} upstream calls/request (at least ${HOME_MIN_CALLS}); without latency ${fmt(fast.p50)} ms`,
  });
  return { latencyMs: HOME_LATENCY_MS, withoutLatency: fast, withLatency: slow };
}
