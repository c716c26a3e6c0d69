import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  addressOf,
  APP_HOSTS,
  DATA_HOSTS,
  heal,
  HOST_NAMES,
  link,
  onHost,
  silence,
  type HostName,
} from '../services/namespaces';
import { HOSTS_PORTS, startHostsCluster, upstreamDevTool, type HostsCluster } from '../services/cluster-on-hosts';
import { Client } from '../../tests/integration/harness';
import { register } from './day-system';
import { describeError, dictationWriter, formWriter, storedText, type SaveResult } from './writer';

/**
 * The dictation day on the hosts of ADR 233 (issue 34), run on the client host
 * (lab/bench/day-on-hosts-in-client.ts): the cluster across the hosts, WRITERS writers saving every 5 s through the edge (half with the JavaScript autosave,
 * half with the form a browser without JavaScript posts, and the page it is sent to after), WALKERS signed-in
 * people walking the cabinet, and a timeline of faults made inside the hosts (nftables drops, links down, a fault
 * proxy's delay). Every request is recorded; the budgets are counted from them.
 */

export type DayName = 'short' | 'full';

export interface Request {
  /** Seconds from the start of the saves. */
  at: number;
  ms: number;
  kind: 'autosave' | 'form' | 'cabinet';
  ok: boolean;
  status: number;
  outcome: string;
}

export interface Fault {
  at: number;
  /** Until when the phase it starts lasts (the next fault's start, or the end). */
  name: string;
  make: (day: DayParts) => Promise<void> | void;
}

interface DayParts {
  hosts: HostsCluster;
  report: (line: string) => void;
}

/** The data host of the current primary (the sentinels' answer). */
async function primaryHost(hosts: HostsCluster): Promise<HostName> {
  // A sentinel asked through `ip netns exec` on a saturated machine may not answer the first time.
  for (let attempt = 1; ; attempt++) {
    try {
      const primary = await hosts.redis.primary();
      return DATA_HOSTS.find((host) => addressOf(host) === primary.host)!;
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(500);
    }
  }
}

/** The primary's host goes silent; resolves once the sentinels have promoted another node. */
async function silencePrimary({ hosts, report }: DayParts) {
  const host = await primaryHost(hosts);
  const old = hosts.redis.data.find((node) => node.host === addressOf(host))!;
  silenced.add(host);
  silence(host);
  const promoted = await hosts.redis.waitForFailover(old, 60_000);
  report(`failover: ${promoted.name} is the primary`);
}

/** The silent data host hears again; resolves once its node is a replica of the new primary. */
async function healData({ hosts, report }: DayParts) {
  for (const host of silenced) {
    heal(host);
    const node = hosts.redis.data.find((candidate) => candidate.host === addressOf(host))!;
    await hosts.redis.waitForReplica(node, 60_000);
    report(`${node.name} rejoined as a replica`);
  }
  silenced.clear();
}
const silenced = new Set<HostName>();

/** The upstream host drops this share of the packets it sends and receives (nftables' random numbers). */
const LOSS_PERCENT = 2;

function loss(host: HostName, percent: number) {
  // Not toward its own loopback (the relay's hop): packets to and from the other hosts only.
  const rule = `numgen random mod 100 < ${percent} drop`;
  const nft = [
    'table inet portal_faults {',
    `  chain input { type filter hook input priority -10; policy accept; iifname "eth0" ${rule}; }`,
    `  chain output { type filter hook output priority -10; policy accept; oifname "eth0" ${rule}; }`,
    '}',
  ].join('\n');
  heal(host);
  const child = spawn(onHost(host)[0]!, [...onHost(host).slice(1), 'nft', '-f', '-'], {
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.stdin!.end(nft);
  return new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`nft on ${host}: ${code}`)))),
  );
}

/** Delay between the app hosts and Redis: each way, so a round trip to a data node takes this twice over. */
const REDIS_DELAY_MS = 50;
/** The nftables table the delay's redirections live in (apart from the drops of `silence`). */
const DELAY_TABLE = 'portal_delay';
/** The port on each data host that leads to its Redis for the delay proxies (so their own traffic is not redirected). */
const PROXIED_PORT = 16379;
const proxies: ChildProcess[] = [];

function nftOn(host: HostName, rules: string) {
  const result = spawnSync(onHost(host)[0]!, [...onHost(host).slice(1), 'nft', '-f', '-'], { input: rules });
  if (result.status !== 0) throw new Error(`nft on ${host}: ${String(result.stderr)}`);
}

/**
 * The kernel has no `netem`: each app host's new connections to Redis's port on the data hosts are sent (nftables
 * DNAT) to a delay proxy on that host (lab/bench/delay-proxy.ts), which reaches the data host on PROXIED_PORT, led to
 * Redis there. Connections open before are reset (a TCP reset on their next packet), so the instances reconnect
 * through the proxies at once, as after a network change. Sentinel's port is left direct.
 */
async function delayRedis() {
  for (const data of DATA_HOSTS) {
    nftOn(
      data,
      [
        `table ip ${DELAY_TABLE} {`,
        '  chain prerouting {',
        '    type nat hook prerouting priority -100;',
        `    tcp dport ${PROXIED_PORT} redirect to :${HOSTS_PORTS.redis}`,
        '  }',
        '}',
      ].join('\n'),
    );
  }
  for (const app of APP_HOSTS) {
    const routes = DATA_HOSTS.map((data, index) => ({
      data,
      listen: `${addressOf(app)}:${17001 + index}`,
      target: `${addressOf(data)}:${PROXIED_PORT}`,
    }));
    const proxy = spawn(
      onHost(app)[0]!,
      [...onHost(app).slice(1), process.execPath, '--import', 'tsx', 'lab/bench/delay-proxy.ts'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          DELAY_MS: String(REDIS_DELAY_MS),
          DELAY_ROUTES: JSON.stringify(routes),
        },
      },
    );
    proxies.push(proxy);
    await new Promise<void>((resolve, reject) => {
      proxy.stdout!.once('data', () => resolve());
      proxy.once('exit', (code) => reject(new Error(`the delay proxy on ${app} ended (${code})`)));
    });
    const redirects = routes.map(
      ({ data, listen }) => `    ip daddr ${addressOf(data)} tcp dport ${HOSTS_PORTS.redis} dnat to ${listen}`,
    );
    const others = `{ ${DATA_HOSTS.map(addressOf).join(', ')} }`;
    nftOn(
      app,
      [
        `table ip ${DELAY_TABLE} {`,
        '  chain output_nat {',
        '    type nat hook output priority -100;',
        ...redirects,
        '  }',
        '  chain output {',
        '    type filter hook output priority 0; policy accept;',
        `    ip daddr ${others} tcp dport ${HOSTS_PORTS.redis} ct status != dnat reject with tcp reset`,
        '  }',
        '}',
      ].join('\n'),
    );
  }
}

/** The delay lifted: the redirections gone, the proxies stopped (their connections close; the instances reconnect). */
function undelayRedis() {
  for (const host of [...APP_HOSTS, ...DATA_HOSTS]) {
    spawnSync(onHost(host)[0]!, [...onHost(host).slice(1), 'nft', 'delete', 'table', 'ip', DELAY_TABLE]);
  }
  for (const proxy of proxies.splice(0)) proxy.kill('SIGTERM');
}

/** The timelines: the short one of `npm test`, the full one of `npm run bench -- hosts`. */
export const DAYS: Record<DayName, { faults: Fault[]; end: number }> = {
  short: {
    faults: [
      { at: 0, name: 'calm', make: () => {} },
      { at: 10, name: 'app2 silent', make: () => silence('app2') },
      { at: 30, name: 'app2 back', make: () => heal('app2') },
      { at: 40, name: "the Redis primary's host silent", make: silencePrimary },
      { at: 60, name: 'the data host back', make: healData },
      { at: 80, name: 'app1 cut off from Redis', make: () => silence('app1', 'both', ['data1', 'data2', 'data3']) },
      { at: 100, name: 'app1 reaches Redis again', make: () => heal('app1') },
    ],
    end: 110,
  },
  full: {
    faults: [
      { at: 0, name: 'calm', make: () => {} },
      { at: 20, name: 'app2 silent (both ways)', make: () => silence('app2') },
      { at: 50, name: 'app2 back', make: () => heal('app2') },
      { at: 65, name: 'app3 deaf (drops what it receives)', make: () => silence('app3', 'in') },
      { at: 85, name: 'app3 mute (drops what it sends)', make: () => silence('app3', 'out') },
      { at: 105, name: 'app3 back', make: () => heal('app3') },
      { at: 120, name: "app1's link down", make: () => link('app1', 'down') },
      { at: 140, name: "app1's link up", make: () => link('app1', 'up') },
      { at: 155, name: "the Redis primary's host silent", make: silencePrimary },
      { at: 185, name: 'the data host back', make: healData },
      { at: 200, name: `upstream host drops ${LOSS_PERCENT} %`, make: () => loss('upstream', LOSS_PERCENT) },
      { at: 230, name: 'upstream host whole again', make: () => heal('upstream') },
      { at: 245, name: 'app1 cut off from Redis', make: () => silence('app1', 'both', ['data1', 'data2', 'data3']) },
      { at: 275, name: 'app1 reaches Redis again', make: () => heal('app1') },
      { at: 290, name: `${REDIS_DELAY_MS * 2} ms more to Redis from the app hosts`, make: delayRedis },
      { at: 320, name: 'Redis near again', make: undelayRedis },
    ],
    end: 335,
  },
};

const EVERY_MS = 5000;
const WALK_EVERY_MS = 2000;
const PORT = 8080;

export interface DayResult {
  day: DayName;
  writers: number;
  walkers: number;
  seconds: number;
  requests: Request[];
  events: { at: number; line: string }[];
  phases: { name: string; from: number; to: number }[];
  /** Writers whose text on the upstream is not the last one the portal confirmed. */
  lost: number;
  /** Cabinet pages that held another walker's address. */
  foreign: number;
  /** Cabinet requests sent to the sign-in page. */
  signOuts: number;
}

/** The day's clock and its events: what happened, in seconds from the start of the saves. */
export function dayClock(log: (line: string) => void = () => {}) {
  let started = performance.now();
  const events: DayResult['events'] = [];
  const clock = {
    events,
    elapsed: () => (performance.now() - started) / 1000,
    /** The saves begin: the clock counts from now. */
    restart: () => {
      started = performance.now();
    },
    report: (line: string) => {
      events.push({ at: clock.elapsed(), line });
      log(`${clock.elapsed().toFixed(1)} s: ${line}`);
    },
  };
  return clock;
}
export type DayClock = ReturnType<typeof dayClock>;

/** One fault of a day's timeline, made wherever the portal runs (hosts, machines). */
export interface DayFault {
  at: number;
  name: string;
  make: () => Promise<void> | void;
}

/**
 * The day's load against the portal at `origin`, whatever runs it: `writers` writers saving every 5 s (half with
 * the JavaScript autosave, half with the form a browser without JavaScript posts, and the page it is sent to
 * after), `walkers` people signed in walking the cabinet every 2 s, the `faults` made at their times, until `end`.
 * Then one more save each, and every writer's text on the upstream compared with the last one the portal confirmed.
 */
export async function runDay(options: {
  origin: string;
  upstreamUrl: string;
  /** Invitation codes of the event open for writing, one per writer. */
  invite: (count: number) => Promise<string[]>;
  writers: number;
  walkers: number;
  faults: readonly DayFault[];
  end: number;
  clock: DayClock;
  log?: (line: string) => void;
}): Promise<Omit<DayResult, 'day'>> {
  const { origin, clock } = options;
  const log = options.log ?? (() => {});
  const { elapsed, report } = clock;
  const codes = await options.invite(options.writers);
  const writers = codes.map((code, i) => (i % 2 ? formWriter(origin, code) : dictationWriter(origin, code)));
  for (let i = 0; i < writers.length; i += 50) await Promise.all(writers.slice(i, i + 50).map((w) => w.start()));
  const walkers: { email: string; client: Client }[] = [];
  // Ten at a time: the upstream hashes every password, and signing in is not what is measured.
  for (let first = 0; first < options.walkers; first += 10) {
    const batch = Array.from({ length: Math.min(10, options.walkers - first) }, (_, i) => first + i);
    walkers.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const account = await register(options.upstreamUrl, index, 'hosts-walker');
          const client = new Client(origin);
          const { url } = await client.login(account.email, account.password);
          if (!url.endsWith('/lk')) throw new Error(`walker ${index} was not signed in (landed on ${url})`);
          return { email: account.email, client };
        }),
      )),
    );
  }
  log(`${writers.length} writers started, ${walkers.length} walkers signed in`);

  const requests: Request[] = [];
  let foreign = 0;
  let signOuts = 0;
  clock.restart();
  const done = () => elapsed() >= options.end;
  const record = async (kind: Request['kind'], act: () => Promise<SaveResult>) => {
    const tick = performance.now();
    const at = elapsed();
    try {
      const result = await act();
      requests.push({
        at,
        ms: performance.now() - tick,
        kind,
        ok: result.saved,
        status: result.status,
        outcome: result.outcome,
      });
    } catch (error) {
      requests.push({
        at,
        ms: performance.now() - tick,
        kind,
        ok: false,
        status: 0,
        outcome: describeError(error),
      });
    }
    return tick;
  };
  const saving = writers.map(async (writer, index) => {
    await sleep((EVERY_MS * index) / writers.length);
    while (!done()) {
      const tick = await record(index % 2 ? 'form' : 'autosave', () => writer.save());
      await sleep(Math.max(0, EVERY_MS - (performance.now() - tick)));
    }
  });
  const walking = walkers.map(async (walker, index) => {
    await sleep((WALK_EVERY_MS * index) / walkers.length);
    for (let step = 0; !done(); step++) {
      const tick = await record('cabinet', async () => {
        const response = await walker.client.request(step % 2 ? '/lk.data' : '/lk');
        const body = await response.text();
        // A sign-out: the page sends the walker to the sign-in form (a document's Location, a data request's body).
        if (
          /\/login/.test(response.headers.get('Location') ?? '') ||
          (response.status !== 200 && /\/login/.test(body))
        ) {
          signOuts += 1;
        }
        const others = [...body.matchAll(/hosts-walker-(\d{3})@example\.org/g)].filter((m) => m[0] !== walker.email);
        if (others.length) foreign += 1;
        const ok = response.status === 200 && body.includes(walker.email);
        return {
          status: response.status,
          outcome: ok ? 'own page' : `HTTP ${response.status}`,
          saved: ok,
        };
      });
      await sleep(Math.max(0, WALK_EVERY_MS - (performance.now() - tick)));
    }
  });
  const timeline = (async () => {
    for (const fault of options.faults) {
      await sleep(Math.max(0, fault.at - elapsed()) * 1000);
      report(fault.name);
      await fault.make();
    }
  })();
  await Promise.all([...saving, ...walking, timeline]);
  const seconds = elapsed();
  // Every fault healed: one more save each, which must go through, then the upstream's text must be the last one
  // the portal confirmed.
  for (const writer of writers) {
    const final = await writer.save().catch(() => null);
    if (!final?.saved) report(`${writer.code.slice(0, 4)}…: the final save failed (${final?.outcome ?? 'no answer'})`);
  }
  let lost = 0;
  for (const writer of writers)
    if ((await storedText(options.upstreamUrl, writer.code)) !== (writer.lastSaved ?? '')) lost++;
  const phases = options.faults.map((fault, i) => ({
    name: fault.name,
    from: fault.at,
    to: options.faults[i + 1]?.at ?? seconds,
  }));
  return {
    writers: writers.length,
    walkers: walkers.length,
    seconds,
    requests,
    events: clock.events,
    phases,
    lost,
    foreign,
    signOuts,
  };
}

/** Runs one day; on the client host only (it reaches the other hosts by their addresses). */
export async function runHostsDay(
  day: DayName,
  options: { writers: number; walkers: number; log?: (line: string) => void },
): Promise<DayResult> {
  const plan = DAYS[day];
  const clock = dayClock(options.log);
  const { report } = clock;
  const hosts = await startHostsCluster({
    port: PORT,
    quiet: true,
    report,
    upstreamEnv: { UPSTREAM_DB: ':memory:', UPSTREAM_DEV_TOOLS: 'true' },
    env: {
      PATH: process.env.PATH,
      SESSION_SECRET: 'hosts-day-secret-hosts-day-secret-hosts-day-secret',
      // Every writer and walker comes from the client host's one address.
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      LOG_LEVEL: 'error',
    },
  });
  try {
    const result = await runDay({
      origin: hosts.cluster.origin,
      upstreamUrl: hosts.upstreamUrl,
      invite: async (count) => {
        const { invitations } = (await upstreamDevTool('POST', '/__dev__/dictation/invitations', { count })) as {
          invitations: { code: string }[];
        };
        return invitations.map(({ code }) => code);
      },
      writers: options.writers,
      walkers: options.walkers,
      faults: plan.faults.map((fault) => ({ ...fault, make: () => fault.make({ hosts, report }) })),
      end: plan.end,
      clock,
      log: options.log,
    });
    return { day, ...result };
  } finally {
    for (const host of HOST_NAMES) heal(host);
    link('app1', 'up');
    await hosts.stop();
  }
}
