import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { DaySystem } from './day-system';

/**
 * CPU seconds spent by each part of the day's system (from /proc; Linux clock ticks of 1/100 s): the portal
 * instances, the upstream, Redis, haproxy, and this process (the load generator). Wall-clock figures move with
 * whatever else the machine runs; CPU time per request moves much less, and says what one core can serve.
 */
export type CpuByPart = Record<'instances' | 'upstream' | 'redis' | 'haproxy' | 'load', number>;

/** CPU time a process has used so far, in clock ticks (1/100 s); 0 once it has exited. */
export function ticks(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields 14 and 15 (utime, stime), counted after the command name, which may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // exited
  }
}

/** The redis-server child of this process (lab/services/redis starts it, without telling its pid). */
function redisPid(): number | undefined {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.trim().endsWith('redis-server'));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

export function cpuSeconds(sys: DaySystem): CpuByPart {
  const own = process.cpuUsage();
  return {
    instances: sys.cluster.instances.reduce((sum, instance) => sum + ticks(instance.child.pid), 0) / 100,
    upstream: ticks(sys.upstream.child.pid) / 100,
    redis: ticks(redisPid()) / 100,
    haproxy: ticks(sys.cluster.haproxy.child.pid) / 100,
    load: (own.user + own.system) / 1e6,
  };
}

export function cpuSpent(before: CpuByPart, after: CpuByPart): CpuByPart {
  const spent = {} as CpuByPart;
  for (const part of Object.keys(before) as (keyof CpuByPart)[]) spent[part] = after[part] - before[part];
  return spent;
}
