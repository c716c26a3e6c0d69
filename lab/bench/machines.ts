import { machinesUnavailable } from '../services/machines';
import { judgeDay } from './day-on-hosts-launch';
import { dayOnMachines, MACHINE_DAYS } from './machines-day';
import { fmt, heading } from './report';

/**
 * Budget 16 (issue 42, ADR 233): the dictation day on the machines that boot what is deployed (ADR 233), through
 * the balancer machine's haproxy to portal@.service on the app machine, with the Redis primary's redis-server killed
 * and brought back by its unit, then every redis-server at once. BENCH_MACHINES_WRITERS writers (300 by default;
 * half autosave, half the form without JavaScript), BENCH_MACHINES_WALKERS signed-in walkers (30), and three people
 * logged out before the day whose cookies a thief copied. Nothing may be lost, answered 5xx, shown to another user
 * or signed out, and no logout undone; p50/p95 per phase and kind, and a chart (lab/bench/results/machines.png). Root,
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
  const { phases, failed } = await judgeDay('day on machines', 'machines', result, { 'logouts undone': result.undone });
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
      failed,
      phases,
      events: result.events,
    },
  };
}
