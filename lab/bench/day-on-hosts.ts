import path from 'node:path';
import { hostsUnavailable } from '../services/namespaces';
import { drawChart } from './day-faults';
import { DAYS } from './day-on-hosts-timeline';
import { byPhase, dayOnHosts } from './day-on-hosts-launch';
import { check, fmt, heading } from './report';

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
  const phases = byPhase(result);
  for (const phase of phases) {
    console.log(
      `  ${phase.phase}, ${phase.kind}: ${phase.requests} requests, ${phase.failed} failed, ` +
        `p50 ${fmt(phase.p50)} ms, p95 ${fmt(phase.p95)} ms`,
    );
  }
  const failed = result.requests.filter((request) => !request.ok);
  const count = (name: string, measured: number, note?: string) =>
    check({ section: 'day on hosts', name, measured, budget: 0, unit: '', kind: 'max', note });
  count('saves lost', result.lost);
  count('5xx answers', result.requests.filter((request) => request.status >= 500).length);
  count('pages with another user’s data', result.foreign);
  count('unexpected sign-outs', result.signOuts);
  count(
    'failed requests',
    failed.length,
    [...new Set(failed.map((request) => `${request.kind}: ${request.outcome}`))].slice(0, 4).join('; ') || undefined,
  );
  const chart = await drawChart(
    result.requests.map((request) => ({ at: request.at, ms: request.ms, saved: request.ok })),
    result.events,
    result.seconds,
    'hosts',
  );
  console.log(`  chart: ${path.relative(process.cwd(), chart)}`);
  return {
    hosts: {
      writers: result.writers,
      walkers: result.walkers,
      seconds: result.seconds,
      requests: result.requests.length,
      lost: result.lost,
      foreign: result.foreign,
      signOuts: result.signOuts,
      failed: failed.length,
      phases,
      events: result.events,
    },
  };
}
