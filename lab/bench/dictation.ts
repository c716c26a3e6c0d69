import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBundle, FIRST_LOAD_JS_KB } from './bundle';
import type { System } from './portal';
import { check, fmt, heading } from './report';
import { dictationWriter, invite, storedText } from './writer';

/**
 * The dictation day (lab/bench/README.md, budget 8): writers, each with an invitation of their own, save their text
 * every 5 s for a minute against one portal process and the reference upstream, as the writing page's autosave
 * does (`POST /dictation/{code}/text`). Measured: p95 save latency, errors, and saves lost — a writer whose final
 * text on the upstream is not the last text it saved. `BENCH_DICTATION_WRITERS` and `BENCH_DICTATION_SECONDS`
 * shrink the run for a quick local look.
 */
const WRITERS = Number(process.env.BENCH_DICTATION_WRITERS ?? 200);
const DURATION_MS = Number(process.env.BENCH_DICTATION_SECONDS ?? 60) * 1000;
const EVERY_MS = 5000;
const KB = 1024;

export async function dictationBudget(sys: System) {
  heading(
    `8. Dictation day: ${WRITERS} writers saving every ${EVERY_MS / 1000} s for ${DURATION_MS / 1000} s (one portal process)`,
  );
  const writers = (await invite(sys.upstream.url, WRITERS)).map((code) => dictationWriter(sys.portal.origin, code));
  // Each participant opens the link (which starts nothing) and presses «Начать диктант» (a POST that starts the
  // clock), as the page has them do; these two are not what is measured.
  await Promise.all(writers.map((writer) => writer.start()));

  const latencies: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  await Promise.all(
    writers.map(async (writer, index) => {
      // Spread over the interval, as people start typing at different moments.
      await sleep((EVERY_MS * index) / WRITERS);
      while (performance.now() - started < DURATION_MS) {
        const tick = performance.now();
        try {
          const result = await writer.save();
          latencies.push(performance.now() - tick);
          if (!result.saved) errors.push(`HTTP ${result.status} ${result.outcome}`);
        } catch (error) {
          errors.push(String(error));
        }
        await sleep(Math.max(0, EVERY_MS - (performance.now() - tick)));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const finals = await Promise.all(writers.map((writer) => storedText(sys.upstream.url, writer.code)));
  const lost = writers.filter((writer, i) => writer.lastSaved !== null && finals[i] !== writer.lastSaved).length;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0;
  const p50 = latencies[Math.floor(latencies.length / 2)] ?? 0;
  console.log(
    `  ${latencies.length} saves in ${fmt(seconds)} s (${fmt(latencies.length / seconds)}/s): p50 ${fmt(p50)} ms, ` +
      `p95 ${fmt(p95)} ms, max ${fmt(latencies.at(-1) ?? 0)} ms`,
  );
  check({ section: 'dictation', name: 'p95 save latency', measured: p95, budget: 1000, unit: 'ms', kind: 'max' });
  check({
    section: 'dictation',
    name: 'save errors',
    measured: errors.length,
    budget: 0,
    unit: '',
    kind: 'max',
    note: errors.length ? [...new Set(errors)].slice(0, 3).join('; ') : undefined,
  });
  check({ section: 'dictation', name: 'saves lost', measured: lost, budget: 0, unit: '', kind: 'max' });

  const bundle = createBundle(path.resolve('build/client'));
  for (const routeId of ['routes/default/dictation-writing', 'routes/lk/dictations', 'routes/lk/dictation']) {
    check({
      section: 'dictation',
      name: `first-load JS of ${routeId}`,
      measured: bundle.firstLoad(routeId).gzip / KB,
      budget: FIRST_LOAD_JS_KB,
      unit: 'KB',
      kind: 'max',
    });
  }
  return { dictation: { writers: WRITERS, seconds, saves: latencies.length, p50, p95, errors: errors.length, lost } };
}
