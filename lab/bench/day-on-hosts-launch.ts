import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeHosts, onHost, removeHosts } from '../services/namespaces';
import { buildIfStale, root } from '../../scripts/processes';
import type { DayName, DayResult, Request } from './day-on-hosts-timeline';
import { check, fmt } from './report';

/**
 * From the machine: makes the hosts of ADR 233, runs lab/bench/day-on-hosts-timeline.ts's day on the client host,
 * and removes the hosts again whatever happened. Root only (see `hostsUnavailable`).
 */
export async function dayOnHosts(
  day: DayName,
  options: { writers: number; walkers: number; quiet?: boolean },
): Promise<DayResult> {
  // The instances run the production build: one older than the sources would test yesterday's portal.
  buildIfStale();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-hosts-day-'));
  const file = path.join(dir, 'result.json');
  makeHosts();
  try {
    const child = spawn(
      onHost('client')[0]!,
      [...onHost('client').slice(1), process.execPath, '--import', 'tsx', 'lab/bench/day-on-hosts-in-client.ts'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', options.quiet ? 'ignore' : 'inherit'],
        env: {
          ...process.env,
          HOSTS_DAY: day,
          HOSTS_DAY_WRITERS: String(options.writers),
          HOSTS_DAY_WALKERS: String(options.walkers),
          HOSTS_DAY_RESULT: file,
        },
      },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the day on the hosts ended with code ${code}`);
    return JSON.parse(readFileSync(file, 'utf8')) as DayResult;
  } finally {
    removeHosts();
    rmSync(dir, { recursive: true, force: true });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Per phase and kind of request: how many, how many failed, p50 and p95 in ms. */
export function byPhase(result: DayResult) {
  return result.phases.flatMap((phase) =>
    (['autosave', 'form', 'cabinet'] as const).map((kind) => {
      const inPhase = result.requests.filter((r: Request) => r.kind === kind && r.at >= phase.from && r.at < phase.to);
      const ms = inPhase.map((r) => r.ms).sort((a, b) => a - b);
      return {
        phase: phase.name,
        kind,
        requests: inPhase.length,
        failed: inPhase.filter((r) => !r.ok).length,
        p50: percentile(ms, 0.5),
        p95: percentile(ms, 0.95),
      };
    }),
  );
}

/**
 * What the days on hosts and on machines (budgets 15 and 16) judge alike: each phase printed, then budgets of 0 for
 * lost saves, 5xx answers, pages with another user's data, sign-outs, `more` (the machines' undone logouts) and
 * failed requests, and the chart (lab/bench/results/<name>.png).
 */
export async function judgeDay(section: string, name: string, result: DayResult, more: Record<string, number> = {}) {
  const phases = byPhase(result);
  for (const phase of phases) {
    console.log(
      `  ${phase.phase}, ${phase.kind}: ${phase.requests} requests, ${phase.failed} failed, ` +
        `p50 ${fmt(phase.p50)} ms, p95 ${fmt(phase.p95)} ms`,
    );
  }
  const failed = result.requests.filter((request) => !request.ok);
  const count = (what: string, measured: number, note?: string) =>
    check({ section, name: what, measured, budget: 0, unit: '', kind: 'max', note });
  count('saves lost', result.lost);
  count('5xx answers', result.requests.filter((request) => request.status >= 500).length);
  count('pages with another user’s data', result.foreign);
  count('unexpected sign-outs', result.signOuts);
  for (const [what, measured] of Object.entries(more)) count(what, measured);
  count(
    'failed requests',
    failed.length,
    [...new Set(failed.map((request) => `${request.kind}: ${request.outcome}`))].slice(0, 4).join('; ') || undefined,
  );
  // Loaded here: it brings Chromium's driver, which the tests that import this module never need.
  const { drawChart } = await import('./day-faults');
  const chart = await drawChart(
    result.requests.map((request) => ({ at: request.at, ms: request.ms, saved: request.ok })),
    result.events,
    result.seconds,
    name,
  );
  console.log(`  chart: ${path.relative(process.cwd(), chart)}`);
  return { phases, failed: failed.length };
}
