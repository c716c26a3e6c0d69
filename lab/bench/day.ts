import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { cpuSeconds, cpuSpent } from './day-cpu';
import { startDaySystem, WALKER_EMAIL, type Walker } from './day-system';
import { check, fmt, heading } from './report';
import { dictationWriter, invite, storedText, type DictationWriter } from './writer';

/**
 * The dictation day (lab/bench/README.md, budget 10; issue 14): through haproxy, WRITERS writers, each with an
 * invitation of their own, save every 5 s for the run while USERS signed-in users walk the cabinet; first
 * against three portal instances sharing Redis, then against one. `BENCH_DAY_WRITERS`, `BENCH_DAY_USERS` and
 * `BENCH_DAY_SECONDS` shrink it for a quick look.
 */
const WRITERS = Number(process.env.BENCH_DAY_WRITERS ?? 1000);
const USERS = Number(process.env.BENCH_DAY_USERS ?? 100);
const DURATION_MS = Number(process.env.BENCH_DAY_SECONDS ?? 120) * 1000;
const EVERY_MS = 5000;
/** A reader's pause between two pages. */
const READ_MS = 2000;
const PAGES = ['/lk', '/profile', '/lk/dictations', '/lk/support', '/lk.data', '/lk/master-classes'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

interface Tally {
  saveMs: number[];
  pageMs: number[];
  saveErrors: string[];
  serverErrors: number;
  foreign: string[];
  signOuts: string[];
}

async function write(writer: DictationWriter, index: number, started: number, tally: Tally) {
  // Spread over the interval, as people start typing at different moments.
  await sleep((EVERY_MS * index) / WRITERS);
  while (performance.now() - started < DURATION_MS) {
    const tick = performance.now();
    try {
      const result = await writer.save();
      tally.saveMs.push(performance.now() - tick);
      if (result.status >= 500) tally.serverErrors += 1;
      if (!result.saved) tally.saveErrors.push(`HTTP ${result.status} ${result.outcome}`);
    } catch (error) {
      tally.saveErrors.push(String(error));
    }
    await sleep(Math.max(0, EVERY_MS - (performance.now() - tick)));
  }
}

async function walk(walker: Walker, started: number, tally: Tally) {
  await sleep((READ_MS * walker.index) / USERS);
  for (let i = walker.index; performance.now() - started < DURATION_MS; i++) {
    const path = PAGES[i % PAGES.length]!;
    const tick = performance.now();
    const response = await walker.client.request(path);
    const body = await response.text();
    tally.pageMs.push(performance.now() - tick);
    if (response.status >= 500) tally.serverErrors += 1;
    const others = [...body.matchAll(WALKER_EMAIL)].filter((m) => Number(m[1]) !== walker.index);
    if (others.length) tally.foreign.push(`${walker.email} ${path}: ${others[0]![0]}`);
    else if (response.status !== 200 || !body.includes(walker.email)) {
      tally.signOuts.push(`${walker.email} ${path}: HTTP ${response.status}`);
    }
    await sleep(READ_MS);
  }
}

async function runDay(instances: number) {
  const label = instances === 1 ? 'one instance' : `${instances} instances`;
  heading(
    `10. Dictation day through haproxy, ${label}: ${WRITERS} writers saving every ${EVERY_MS / 1000} s and ` +
      `${USERS} users walking the cabinet for ${DURATION_MS / 1000} s`,
  );
  const sys = await startDaySystem({ instances, users: USERS });
  try {
    const codes = await invite(sys.upstream.url, WRITERS);
    const writers = codes.map((code) => dictationWriter(sys.cluster.origin, code));
    // Each opens the link and presses «Начать диктант»; a hundred at a time, as the start is not measured.
    for (let i = 0; i < writers.length; i += 100) await Promise.all(writers.slice(i, i + 100).map((w) => w.start()));

    const tally: Tally = { saveMs: [], pageMs: [], saveErrors: [], serverErrors: 0, foreign: [], signOuts: [] };
    const cpuBefore = cpuSeconds(sys);
    const started = performance.now();
    await Promise.all([
      ...writers.map((writer, index) => write(writer, index, started, tally)),
      ...sys.walkers.map((walker) => walk(walker, started, tally)),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSpent(cpuBefore, cpuSeconds(sys));

    const finals = await Promise.all(writers.map((writer) => storedText(sys.upstream.url, writer.code)));
    const lost = writers.filter((writer, i) => finals[i] !== (writer.lastSaved ?? '')).length;
    const saves = tally.saveMs.sort((a, b) => a - b);
    const pages = tally.pageMs.sort((a, b) => a - b);
    const p95 = percentile(saves, 0.95);
    const perInstance = {
      savesPerSecond: saves.length / seconds / instances,
      pagesPerSecond: pages.length / seconds / instances,
      cpuMsPerRequest: (cpu.instances * 1000) / (saves.length + pages.length),
    };
    console.log(
      `  ${saves.length} saves (${fmt(saves.length / seconds)}/s): p50 ${fmt(percentile(saves, 0.5))} ms, p95 ` +
        `${fmt(p95)} ms, max ${fmt(saves.at(-1) ?? 0)} ms; ${pages.length} pages (${fmt(pages.length / seconds)}/s): ` +
        `p95 ${fmt(percentile(pages, 0.95))} ms`,
    );
    console.log(
      `  CPU s: instances ${fmt(cpu.instances)}, upstream ${fmt(cpu.upstream)}, redis ${fmt(cpu.redis)}, haproxy ` +
        `${fmt(cpu.haproxy)}, load generator ${fmt(cpu.load)}; per instance ${fmt(perInstance.savesPerSecond)} saves/s ` +
        `+ ${fmt(perInstance.pagesPerSecond)} pages/s, ${fmt(perInstance.cpuMsPerRequest)} CPU ms per request`,
    );
    const count = (name: string, measured: number, note?: string) =>
      check({ section: 'day', name: `${label}: ${name}`, measured, budget: 0, unit: '', kind: 'max', note });
    count('saves lost', lost);
    count('save errors', tally.saveErrors.length, [...new Set(tally.saveErrors)].slice(0, 3).join('; ') || undefined);
    count('5xx answers', tally.serverErrors);
    count('answers with another user’s data', tally.foreign.length, tally.foreign[0]);
    count('unexpected sign-outs', tally.signOuts.length, tally.signOuts[0]);
    // Every save answered before the writer's next one is due, so no writer ever has two in flight: on 2 cores
    // shared by three instances, the upstream, Redis, haproxy and this generator, the day saturates the CPU, and
    // three processes pay for sharing it (docs/capacity.md); budget 8 keeps 1 s for one process at 200 writers.
    check({
      section: 'day',
      name: `${label}: p95 save latency`,
      measured: p95,
      budget: EVERY_MS,
      unit: 'ms',
      kind: 'max',
    });
    return {
      instances,
      seconds,
      saves: saves.length,
      pages: pages.length,
      p50: percentile(saves, 0.5),
      p95,
      pageP95: percentile(pages, 0.95),
      lost,
      saveErrors: tally.saveErrors.length,
      serverErrors: tally.serverErrors,
      foreign: tally.foreign.length,
      signOuts: tally.signOuts.length,
      cpu,
      perInstance,
    };
  } finally {
    await sys.close();
  }
}

export async function dayBudget() {
  return { day: [await runDay(3), await runDay(1)] };
}
