import path from 'node:path';
import { machinesUnavailable } from '../services/machines';
import { drawChart } from './day-faults';
import { byPhase } from './day-on-hosts-launch';
import { dayOnMachines, MACHINE_DAYS } from './machines-day';
import { check, fmt, heading } from './report';

/**
 * Budget 16 (issue 42, ADR 233): the dictation day on the machines that boot what is deployed (ADR 233), through
 * the balancer machine's haproxy to portal@.service on the app machine, with the Redis primary's redis-server killed
 * and brought back by its unit, then every redis-server at once. BENCH_MACHINES_WRITERS writers (300 by default;
 * half autosave, half the form without JavaScript), BENCH_MACHINES_WALKERS signed-in walkers (30), and three people
 * logged out before the day whose cookies a thief copied. Nothing may be lost, answered 5xx, shown to another user
 * or signed out, and no logout undone; p50/p95 per phase and kind, and a chart (bench/results/machines.png). Root,
 * debootstrap and systemd-nspawn only: skipped with the reason otherwise.
 */
export async function machinesBudget() {
  const writers = Number(process.env.BENCH_MACHINES_WRITERS ?? 300);
  const walkers = Number(process.env.BENCH_MACHINES_WALKERS ?? 30);
  heading(
    `16. The day on machines booted as deployed: ${writers} writers and ${walkers} walkers through the edge; ` +
      MACHINE_DAYS.full.faults
        .slice(1)
        .map((fault) => `${fault.name} at ${fault.at} s`)
        .join(', '),
  );
  const unavailable = machinesUnavailable();
  if (unavailable) {
    console.log(`  skipped: ${unavailable}`);
    return {};
  }
  const result = await dayOnMachines('full', { writers, walkers, log: (line) => console.log(`  ${line}`) });
  const phases = byPhase(result);
  for (const phase of phases) {
    console.log(
      `  ${phase.phase}, ${phase.kind}: ${phase.requests} requests, ${phase.failed} failed, ` +
        `p50 ${fmt(phase.p50)} ms, p95 ${fmt(phase.p95)} ms`,
    );
  }
  const saves = result.requests.filter((request) => request.kind !== 'cabinet');
  const sorted = (kind: 'save' | 'cabinet') =>
    result.requests
      .filter((request) => (kind === 'cabinet' ? request.kind === 'cabinet' : request.kind !== 'cabinet'))
      .map((request) => request.ms)
      .sort((a, b) => a - b);
  const p95 = (ms: number[]) => ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] ?? 0;
  console.log(
    `  ${saves.length} saves (p95 ${fmt(p95(sorted('save')))} ms), ${result.requests.length - saves.length} cabinet ` +
      `pages (p95 ${fmt(p95(sorted('cabinet')))} ms), ${result.thieves.length} asks with a logged-out session's copy`,
  );
  const failed = result.requests.filter((request) => !request.ok);
  const count = (name: string, measured: number, note?: string) =>
    check({ section: 'day on machines', name, measured, budget: 0, unit: '', kind: 'max', note });
  count('saves lost', result.lost);
  count('5xx answers', result.requests.filter((request) => request.status >= 500).length);
  count('pages with another user’s data', result.foreign);
  count('unexpected sign-outs', result.signOuts);
  count('logouts undone', result.undone);
  count(
    'failed requests',
    failed.length,
    [...new Set(failed.map((request) => `${request.kind}: ${request.outcome}`))].slice(0, 4).join('; ') || undefined,
  );
  const chart = await drawChart(
    result.requests.map((request) => ({ at: request.at, ms: request.ms, saved: request.ok })),
    result.events,
    result.seconds,
    'machines',
  );
  console.log(`  chart: ${path.relative(process.cwd(), chart)}`);
  return {
    machines: {
      writers: result.writers,
      walkers: result.walkers,
      seconds: result.seconds,
      requests: result.requests.length,
      saves: saves.length,
      savesP95: p95(sorted('save')),
      cabinetP95: p95(sorted('cabinet')),
      lost: result.lost,
      foreign: result.foreign,
      signOuts: result.signOuts,
      undone: result.undone,
      thiefAsks: result.thieves.length,
      failed: failed.length,
      phases,
      events: result.events,
    },
  };
}
