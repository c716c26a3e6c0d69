import { hostsUnavailable } from '../services/namespaces';
import { DAYS } from './day-on-hosts-timeline';
import { dayOnHosts, judgeDay } from './day-on-hosts-launch';
import { fmt, heading } from './report';

/**
 * Budget 15 (issue 34, ADR 233): the dictation day on hosts of their own (network namespaces), with the faults
 * machines bring, in turn: an app host silent (both ways), deaf, mute, its link down, the Redis primary's host
 * silent (a failover), the upstream host dropping 2 % of its packets, an app host cut off from the data hosts, and
 * 100 ms more on every round trip between the app hosts and Redis (a delay proxy). BENCH_HOSTS_WRITERS
 * writers (1,000 by default; half autosave, half the form without JavaScript) and BENCH_HOSTS_WALKERS signed-in
 * walkers (100). Nothing may be lost, answered 5xx, shown to another user or signed out; p50/p95 per phase and
 * kind, and a chart (lab/bench/results/hosts.png). Root only: skipped with the reason otherwise.
 */
export async function hostsBudget() {
  const writers = Number(process.env.BENCH_HOSTS_WRITERS ?? 1000);
  const walkers = Number(process.env.BENCH_HOSTS_WALKERS ?? 100);
  heading(
    `15. The day on hosts of their own: ${writers} writers and ${walkers} walkers through the edge; ` +
      DAYS.full.faults
        .slice(1)
        .map((fault) => `${fault.name} at ${fault.at} s`)
        .join(', '),
  );
  const unavailable = hostsUnavailable();
  if (unavailable) {
    console.log(`  skipped: ${unavailable}`);
    return {};
  }
  const result = await dayOnHosts('full', { writers, walkers });
  for (const event of result.events) console.log(`  ${fmt(event.at)} s: ${event.line}`);
  const { phases, failed } = await judgeDay('day on hosts', 'hosts', result);
  return {
    hosts: {
      writers: result.writers,
      walkers: result.walkers,
      seconds: result.seconds,
      requests: result.requests.length,
      lost: result.lost,
      foreign: result.foreign,
      signOuts: result.signOuts,
      failed,
      phases,
      events: result.events,
    },
  };
}
