import { setTimeout as sleep } from 'node:timers/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { createSupervisor } from '../services/supervisor';
import { startDaySystem } from './day-system';
import { check, fmt, heading } from './report';
import { dictationWriter, invite, storedText, type DictationWriter } from './writer';

/**
 * Budget 13 (issue 26, ADR 230): the dictation day with the faults it brings, through haproxy and three instances
 * watched by the cluster script's supervisor. WRITERS writers save every 5 s while, on a fixed timeline, an
 * instance is killed (SIGKILL), Redis is killed, the upstream answers every call 2 s late for 30 s, and every
 * instance is replaced by a rolling restart. Nothing may be lost: every writer's text on the upstream equals the
 * last text the portal confirmed, no save gets a 5xx (a 503 from the balancer's queue counts), and each phase's
 * p95 save latency is printed. A chart of the run (saves/s, p95, failures, per second) is written beside the
 * results as a picture. `BENCH_DAY_WRITERS` shrinks it.
 */
const WRITERS = Number(process.env.BENCH_DAY_WRITERS ?? 1000);
const INSTANCES = 3;
const EVERY_MS = 5000;
const SLOW_UPSTREAM_MS = 2000;

/** The timeline, in seconds from the start of the saves. */
const AT = { kill: 30, redis: 60, slow: 90, fast: 120, roll: 135, end: 200 };
/** The phases the saves are reported by; the rolling restart lasts as long as it takes. */
function phases(rolledAt: number) {
  return [
    { name: 'calm', from: 0, to: AT.kill },
    { name: 'an instance killed', from: AT.kill, to: AT.redis },
    { name: 'Redis killed', from: AT.redis, to: AT.slow },
    { name: `upstream ${SLOW_UPSTREAM_MS / 1000} s slow`, from: AT.slow, to: AT.fast },
    { name: 'recovered', from: AT.fast, to: AT.roll },
    { name: 'rolling restart', from: AT.roll, to: rolledAt },
    { name: 'after', from: rolledAt, to: Number.POSITIVE_INFINITY },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

interface Save {
  /** Seconds from the start of the run when the save was sent. */
  at: number;
  ms: number;
  saved: boolean;
  status: number;
  outcome: string;
}

async function write(writer: DictationWriter, index: number, started: number, until: () => boolean, saves: Save[]) {
  await sleep((EVERY_MS * index) / WRITERS);
  while (!until()) {
    const tick = performance.now();
    const at = (tick - started) / 1000;
    try {
      const result = await writer.save();
      saves.push({ at, ms: performance.now() - tick, ...result });
    } catch (error) {
      saves.push({ at, ms: performance.now() - tick, saved: false, status: 0, outcome: String(error) });
    }
    await sleep(Math.max(0, EVERY_MS - (performance.now() - tick)));
  }
}

export async function dayFaultsBudget() {
  heading(
    `13. Dictation day with its faults: ${WRITERS} writers through haproxy and ${INSTANCES} supervised instances; ` +
      `SIGKILL of an instance at ${AT.kill} s, of Redis at ${AT.redis} s, the upstream ${SLOW_UPSTREAM_MS / 1000} s ` +
      `slow from ${AT.slow} to ${AT.fast} s, a rolling restart from ${AT.roll} s`,
  );
  const sys = await startDaySystem({ instances: INSTANCES, users: 0, faults: true });
  const events: { at: number; line: string }[] = [];
  let started = performance.now();
  const report = (line: string) => {
    events.push({ at: (performance.now() - started) / 1000, line });
    console.log(`  ${fmt((performance.now() - started) / 1000)} s: ${line}`);
  };
  // As `npm run start:cluster` supervises its parts (lab/start-cluster.ts).
  const supervisor = createSupervisor(report);
  supervisor.watch({ name: 'redis', child: () => sys.redis.child, restart: () => sys.redis.start() });
  const watched = sys.cluster.instances.map((instance) =>
    supervisor.watch({
      name: instance.name,
      child: () => instance.child,
      restart: () => instance.restart(),
      expected: () => instance.replacing,
    }),
  );
  const faults = (init: RequestInit) => fetch(`${sys.upstream.url}/__faults__`, init).then((r) => r.arrayBuffer());
  try {
    const codes = await invite(sys.upstream.url, WRITERS);
    const writers = codes.map((code) => dictationWriter(sys.cluster.origin, code));
    for (let i = 0; i < writers.length; i += 100) await Promise.all(writers.slice(i, i + 100).map((w) => w.start()));

    const saves: Save[] = [];
    let rolledAt: number | null = null;
    started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const timeline = (async () => {
      await sleep(AT.kill * 1000);
      report(`SIGKILL ${sys.cluster.instances[0]!.name}`);
      sys.cluster.instances[0]!.child.kill('SIGKILL');
      await sleep((AT.redis - elapsed()) * 1000);
      report('SIGKILL redis');
      sys.redis.child?.kill('SIGKILL');
      await sleep((AT.slow - elapsed()) * 1000);
      report(`upstream ${SLOW_UPSTREAM_MS} ms late on every call`);
      await faults({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ latencyMs: SLOW_UPSTREAM_MS }),
      });
      await sleep((AT.fast - elapsed()) * 1000);
      await faults({ method: 'DELETE' });
      report('upstream on time again');
      await sleep((AT.roll - elapsed()) * 1000);
      report('rolling restart');
      await sys.cluster.roll(report, (instance) => watched[sys.cluster.instances.indexOf(instance)]?.rewatch());
      report('rolling restart done');
      rolledAt = elapsed();
    })();
    await Promise.all([
      ...writers.map((writer, index) =>
        write(writer, index, started, () => rolledAt !== null && elapsed() >= AT.end, saves),
      ),
      timeline,
    ]);
    const seconds = elapsed();

    const finals = await Promise.all(writers.map((writer) => storedText(sys.upstream.url, writer.code)));
    const lost = writers.filter((writer, i) => finals[i] !== (writer.lastSaved ?? '')).length;
    const failed = saves.filter((save) => !save.saved);
    const serverErrors = saves.filter((save) => save.status >= 500).length;
    console.log(`  ${saves.length} saves in ${fmt(seconds)} s (${fmt(saves.length / seconds)}/s)`);
    const byPhase = phases(rolledAt ?? seconds).map((phase) => {
      const inPhase = saves.filter((save) => save.at >= phase.from && save.at < phase.to);
      const ms = inPhase.map((save) => save.ms).sort((a, b) => a - b);
      const figures = {
        phase: phase.name,
        saves: inPhase.length,
        failed: inPhase.filter((save) => !save.saved).length,
        p50: percentile(ms, 0.5),
        p95: percentile(ms, 0.95),
        max: ms.at(-1) ?? 0,
      };
      console.log(
        `  ${phase.name}: ${figures.saves} saves, ${figures.failed} failed, p50 ${fmt(figures.p50)} ms, ` +
          `p95 ${fmt(figures.p95)} ms, max ${fmt(figures.max)} ms`,
      );
      return figures;
    });
    const count = (name: string, measured: number, note?: string) =>
      check({ section: 'day with faults', name, measured, budget: 0, unit: '', kind: 'max', note });
    count('saves lost', lost);
    count(
      'saves not confirmed (retried by the page)',
      failed.length,
      [...new Set(failed.map((save) => save.outcome))].slice(0, 3).join('; ') || undefined,
    );
    count('5xx answers to saves', serverErrors);
    const chart = await drawChart(saves, events, seconds, 'day-faults');
    console.log(`  chart: ${path.relative(process.cwd(), chart)}`);
    return {
      dayFaults: { writers: WRITERS, seconds, saves: saves.length, lost, serverErrors, phases: byPhase, events },
    };
  } finally {
    supervisor.stop();
    await faults({ method: 'DELETE' }).catch(() => {});
    await sys.close();
  }
}

/** Per second: saves sent, their p95 latency and how many failed; drawn as SVG and taken as a PNG by Chromium. */
export async function drawChart(
  saves: Pick<Save, 'at' | 'ms' | 'saved'>[],
  events: { at: number; line: string }[],
  seconds: number,
  name: string,
) {
  const buckets = Array.from({ length: Math.floor(seconds) }, () => ({ ms: [] as number[], failed: 0 }));
  for (const save of saves) {
    const bucket = buckets[Math.floor(save.at)];
    if (!bucket) continue;
    bucket.ms.push(save.ms);
    if (!save.saved) bucket.failed += 1;
  }
  const series = buckets.map((b) => ({
    rate: b.ms.length,
    p95: percentile(
      b.ms.sort((x, y) => x - y),
      0.95,
    ),
    failed: b.failed,
  }));
  const width = 1200;
  const left = 70;
  const plotWidth = width - left - 20;
  const x = (second: number) => left + (second / buckets.length) * plotWidth;
  const panel = (top: number, height: number, values: number[], label: string, colour: string) => {
    const max = Math.max(1, ...values);
    const y = (v: number) => top + height - (v / max) * height;
    const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i + 0.5).toFixed(1)},${y(v).toFixed(1)}`).join('');
    return (
      `<text x="${left}" y="${top - 6}" font-size="13">${label}</text>` +
      `<text x="${left - 6}" y="${top + 10}" font-size="11" text-anchor="end">${Math.round(max)}</text>` +
      `<text x="${left - 6}" y="${top + height}" font-size="11" text-anchor="end">0</text>` +
      `<rect x="${left}" y="${top}" width="${plotWidth}" height="${height}" fill="none" stroke="#999"/>` +
      `<path d="${line}" fill="none" stroke="${colour}" stroke-width="1.5"/>`
    );
  };
  const marks = events
    .filter((event) => !/is back|exited|draining|replaced/.test(event.line))
    .map(
      (event, i) =>
        `<line x1="${x(event.at)}" x2="${x(event.at)}" y1="14" y2="590" stroke="#c00" stroke-dasharray="4 3"/>` +
        `<text x="${x(event.at) + 3}" y="${24 + (i % 3) * 13}" font-size="11" fill="#c00">${event.line}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="640" font-family="sans-serif">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    panel(
      60,
      150,
      series.map((s) => s.rate),
      'saves/s',
      '#1f5fbf',
    ) +
    panel(
      240,
      150,
      series.map((s) => s.p95),
      'p95 ms',
      '#7a3db8',
    ) +
    panel(
      420,
      150,
      series.map((s) => s.failed),
      'failed/s',
      '#c00',
    ) +
    `<text x="${left}" y="625" font-size="12">0 s</text>` +
    `<text x="${left + plotWidth}" y="625" font-size="12" text-anchor="end">${buckets.length} s</text>` +
    marks +
    `</svg>`;
  const dir = path.resolve('lab/bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.svg`), svg);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width, height: 640 } });
    await page.setContent(svg);
    const file = path.join(dir, `${name}.png`);
    await page.screenshot({ path: file });
    return file;
  } finally {
    await browser.close();
  }
}
