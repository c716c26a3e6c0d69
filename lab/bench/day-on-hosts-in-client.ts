/**
 * lab/bench/day-on-hosts-timeline.ts's day, run on the client host (`ip netns exec portalh-client`, by
 * `dayOnHosts`): HOSTS_DAY (short or full), HOSTS_DAY_WRITERS, HOSTS_DAY_WALKERS; the result as JSON in the file
 * HOSTS_DAY_RESULT.
 */
import { writeFileSync } from 'node:fs';
import { runHostsDay, type DayName } from './day-on-hosts-timeline';

const result = await runHostsDay((process.env.HOSTS_DAY ?? 'short') as DayName, {
  writers: Number(process.env.HOSTS_DAY_WRITERS ?? 100),
  walkers: Number(process.env.HOSTS_DAY_WALKERS ?? 10),
  log: (line) => process.stderr.write(`  ${line}\n`),
});
writeFileSync(process.env.HOSTS_DAY_RESULT!, JSON.stringify(result));
process.exit(0);
