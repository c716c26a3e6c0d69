import { runLoad } from './load';
import { countUpstreamCalls, type System } from './portal';
import { check, fmt, heading } from './report';

/** Budget 1 of bench/README.md: a page takes about one upstream latency, not one per upstream call. */
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
  return { latencyMs: LATENCY_MS, samples: SAMPLES, rows };
}
