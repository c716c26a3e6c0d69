import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { check, fmt, heading } from './report';

/**
 * docs/architecture.md §9 first paint: Lighthouse's default mobile run (a mid-range phone on simulated slow 4G,
 * performance only) scores 100 on the pages a visitor lands on first. Debian's Chromium, never a downloaded one.
 * One page at a time, in one browser: the machine is shared, and parallel runs would skew the simulation's
 * CPU estimate anyway. The simulation starts from what the real, unthrottled load observed, which other work on
 * the machine moves; as Lighthouse's own guidance on variability advises, each page is run a few times and the
 * median run (by FCP and TTI, Lighthouse's `computeMedianRun`) is the one reported.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/lk', signedIn: true },
  { path: '/lk/scenarios', signedIn: true },
];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

export interface PageScore {
  path: string;
  /** The median run's score, and every run's. */
  score: number;
  runs: number[];
  metrics: Record<keyof typeof METRICS, string>;
  renderBlocking: string[];
}

export async function lighthouseBudget(origin: string, cookie: string): Promise<PageScore[]> {
  heading('First paint: Lighthouse mobile performance (simulated slow 4G, 4× CPU slowdown), one page at a time');
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  const scores: PageScore[] = [];
  try {
    for (const page of PAGES) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(origin + page.path, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          // The signed-in pages get the session as a header: Lighthouse resets storage, so a set cookie would not last.
          extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${result.lhr.runtimeError.message}`);
        if (new URL(result.lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(`Lighthouse on ${page.path} ended on ${result.lhr.finalDisplayedUrl}: the page redirected`);
        }
        runs.push(result.lhr);
      }
      const median: Result = computeMedianRun(runs);
      const { audits, categories } = median;
      const all = runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, audits[id]?.displayValue ?? '?']),
      ) as PageScore['metrics'];
      const blocking = audits['render-blocking-resources']?.details;
      const renderBlocking =
        blocking?.type === 'opportunity' ? blocking.items.map((item) => new URL(String(item.url)).pathname) : [];
      const score = Math.round((categories.performance?.score ?? 0) * 100);
      scores.push({ path: page.path, score, runs: all, metrics, renderBlocking });
      check({
        section: 'first paint',
        name: `Lighthouse mobile performance of ${page.path}`,
        measured: score,
        budget: 100,
        unit: '',
        kind: 'min',
        note:
          Object.entries(metrics)
            .map(([name, value]) => `${name} ${value}`)
            .join(', ') +
          `; render-blocking: ${renderBlocking.join(', ') || 'none'}; scores of the ${RUNS} runs: ${all.join(', ')}`,
      });
    }
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  console.log(`  scores: ${scores.map((s) => `${s.path} ${fmt(s.score)}`).join(', ')}`);
  return scores;
}
