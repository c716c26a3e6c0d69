import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeHosts, onHost, removeHosts } from '../services/namespaces';
import { buildIfStale, root } from '../../scripts/processes';
import type { DayName, DayResult, Request } from './day-on-hosts-timeline';

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
