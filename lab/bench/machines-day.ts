import { DATA_MACHINES, startMachinesLab, type DataMachine, type MachinesLab } from '../services/machines-lab';
import { Client, startReferenceUpstream, type ReferenceUpstream } from '../../tests/integration/harness';
import { register } from './day-system';
import { dayClock, runDay, type DayName, type DayResult } from './day-on-hosts-timeline';
import { invite } from './writer';

/**
 * The dictation day on the machines of ADR 233 (issue 42): lab/bench/day-on-hosts-timeline.ts's load (`runDay`) through
 * the balancer machine's haproxy to portal@1, while the Redis primary's redis-server is killed (SIGKILL) and brought
 * back by its unit, then every redis-server at once. Besides the hosts day's counts, logouts undone: people logged
 * out before the day with the portal alone ending the session (the upstream's logout failing), whose cookies a thief
 * copied; each copy is asked for the cabinet before the faults, after each, and at the end, and must be refused.
 */

type Report = (line: string) => void;

/** The primary's redis-server killed; resolves once its unit started it again and the group is whole. */
async function killPrimary(lab: MachinesLab, report: Report) {
  const primary = await lab.whole();
  const restarts = await lab.kill(primary, 'redis-server');
  await lab.restartedByItsUnit(primary, 'redis-server', restarts, () => lab.redisAnswers(primary));
  report(`${primary}'s redis-server started again by its unit`);
  report(`the Redis group whole again, ${await lab.whole()} its primary`);
}

/** Every redis-server killed at once; resolves once each unit started it again and the group is whole. */
async function killEveryRedis(lab: MachinesLab, report: Report) {
  await lab.whole();
  const restarts = await Promise.all(DATA_MACHINES.map((host) => lab.kill(host, 'redis-server')));
  await Promise.all(
    DATA_MACHINES.map((host: DataMachine, i) =>
      lab.restartedByItsUnit(host, 'redis-server', restarts[i]!, () => lab.redisAnswers(host)),
    ),
  );
  report('every redis-server started again by its unit');
  report(`the Redis group whole again, ${await lab.whole()} its primary`);
}

interface MachineFault {
  at: number;
  name: string;
  make: (lab: MachinesLab, report: Report) => Promise<void> | void;
}

/** The timelines: the short one of `npm test` (lab/tests/integration/machines.test.ts), the full one of the bench. */
export const MACHINE_DAYS: Record<DayName, { faults: MachineFault[]; end: number }> = {
  short: {
    faults: [
      { at: 0, name: 'calm', make: () => {} },
      { at: 10, name: "the Redis primary's redis-server killed", make: killPrimary },
      { at: 30, name: 'every redis-server killed', make: killEveryRedis },
    ],
    end: 50,
  },
  full: {
    faults: [
      { at: 0, name: 'calm', make: () => {} },
      { at: 60, name: "the Redis primary's redis-server killed", make: killPrimary },
      { at: 150, name: 'every redis-server killed', make: killEveryRedis },
    ],
    end: 240,
  },
};

export interface MachinesDayResult extends DayResult {
  /** Each ask of a logged-out session's copy: when (seconds from the start of the saves) and what it was answered. */
  thieves: { at: number; status: number; location: string | null }[];
  /** Asks answered with the cabinet: logouts undone. */
  undone: number;
}

/** The cabinet asked with `cookie`: its status and where it sends the asker. */
async function cabinet(origin: string, cookie: string) {
  const response = await fetch(`${origin}/lk`, {
    headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('Location') };
}

/** A refusal of a logged-out session: the sign-in form. */
export const refusedAnswer = (answer: { status: number; location: string | null }) =>
  answer.status === 302 && /^\/login/.test(answer.location ?? '');

/** The day on a lab already started (with its upstream): what the machines test runs. */
export async function dayOnMachinesLab(
  lab: MachinesLab,
  upstream: ReferenceUpstream,
  day: DayName,
  options: { writers: number; walkers: number; leavers?: number; log?: Report },
): Promise<MachinesDayResult> {
  const plan = MACHINE_DAYS[day];
  const clock = dayClock(options.log);
  // People who logged out, the portal alone ending each session (the upstream's logout failing), and the thief's
  // copy of each one's cookies made before.
  const copies: string[] = [];
  for (let index = 0; index < (options.leavers ?? 3); index++) {
    const account = await register(upstream.url, index, 'machines-leaver');
    const client = new Client(lab.origin);
    const { url } = await client.login(account.email, account.password);
    if (!url.endsWith('/lk')) throw new Error(`leaver ${index} was not signed in (landed on ${url})`);
    copies.push(await client.cookieHeader());
    await upstream.fault({ path: '/rest/users/authentication/logout/', status: 503, times: 2 });
    try {
      const { status } = await client.logout();
      if (status !== 303) throw new Error(`leaver ${index}'s logout answered ${status}`);
    } finally {
      await upstream.clearFaults();
    }
  }
  const thieves: MachinesDayResult['thieves'] = [];
  const steal = async () => {
    for (const copy of copies) thieves.push({ at: clock.elapsed(), ...(await cabinet(lab.origin, copy)) });
  };
  await steal();
  const result = await runDay({
    origin: lab.origin,
    upstreamUrl: upstream.url,
    invite: (count) => invite(upstream.url, count),
    writers: options.writers,
    walkers: options.walkers,
    faults: plan.faults.map((fault) => ({
      ...fault,
      make: async () => {
        await fault.make(lab, clock.report);
        await steal();
      },
    })),
    end: plan.end,
    clock,
    log: options.log,
  });
  await steal();
  return { day, ...result, thieves, undone: thieves.filter((answer) => answer.status === 200).length };
}

/** The day on machines started for it, and removed again whatever happened: what the bench runs. */
export async function dayOnMachines(
  day: DayName,
  options: { writers: number; walkers: number; leavers?: number; log?: Report },
): Promise<MachinesDayResult> {
  const upstream = await startReferenceUpstream();
  let lab: MachinesLab | undefined;
  try {
    lab = await startMachinesLab({
      upstreamPort: Number(new URL(upstream.url).port),
      // Every writer and walker comes from one address; a stopped instance exits at once.
      portalEnv: { AUTH_RATE_LIMIT_PER_ADDRESS: '100000', SHUTDOWN_GRACE_SECONDS: '2', LOG_LEVEL: 'warn' },
      report: options.log,
    });
    await lab.portalAnswers();
    return await dayOnMachinesLab(lab, upstream, day, options);
  } finally {
    await lab?.stop();
    await upstream.close();
  }
}
