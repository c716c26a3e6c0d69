/**
 * The cluster of `npm run start:cluster` laid across the namespace hosts (lab/services/namespaces.ts), from a process
 * on the client host (the only place the hosts' addresses are reachable from): a Redis data node and a sentinel on
 * each data host, the reference upstream on the upstream host, a portal instance on each app host and haproxy on the
 * edge, each started through `ip netns exec` with the same generator (lab/services/cluster.ts, haproxy.ts) as on
 * one machine, and watched by the same supervisor.
 */
import type { StdioOptions } from 'node:child_process';
import { startCluster } from './cluster';
import { addressOf, APP_HOSTS, DATA_HOSTS, onHost } from './namespaces';
import { runTs, spawnWith, startUpstreamProcess, stopChild, waitForOk } from '../../scripts/processes';
import { startSentinelGroup } from './redis-sentinel';
import { createSupervisor } from './supervisor';

/** The fixed ports on the hosts: each host has its own, as a machine has. */
export const HOSTS_PORTS = { redis: 6379, sentinel: 26379, upstream: 3001 };

export async function startHostsCluster(options: {
  /** The edge's port (on its address and, through lab/start-hosts.ts's forward, on the machine's loopback). */
  port: number;
  /** The Unix socket the edge listens on as well, for the machine's forward. */
  unixSocket?: string;
  /** Every instance's environment besides what the hosts decide (REDIS_URL, REST_API_URL, HOST, …). */
  env: Record<string, string | undefined>;
  /** The reference upstream's own variables (UPSTREAM_DB, UPSTREAM_FAULTS, …). */
  upstreamEnv?: Record<string, string>;
  quiet?: boolean;
  report?: (line: string) => void;
}) {
  const report = options.report ?? (() => {});
  const stdio: StdioOptions = options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  const supervisor = createSupervisor(report);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    supervisor.stop();
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error(error));
  };
  const upstreamUrl = `http://${addressOf('upstream')}:${HOSTS_PORTS.upstream}`;
  try {
    // A data node and a sentinel on each data host; the instances find the primary through them.
    const redis = await startSentinelGroup({
      data: DATA_HOSTS.map((host) => ({ host: addressOf(host), port: HOSTS_PORTS.redis, prefix: onHost(host) })),
      sentinels: DATA_HOSTS.map((host) => ({
        host: addressOf(host),
        port: HOSTS_PORTS.sentinel,
        prefix: onHost(host),
      })),
    });
    stops.push(() => redis.close());
    for (const node of [...redis.data, ...redis.sentinels]) {
      supervisor.watch({ name: `${node.kind} ${node.name}`, child: () => node.child, restart: () => node.start() });
    }

    // The upstream on its host's loopback (its dev tools need it), the relay on the host's address in front.
    const startUpstream = () =>
      startUpstreamProcess(String(HOSTS_PORTS.upstream), {
        prefix: onHost('upstream'),
        env: { UPSTREAM_PORTAL_ORIGIN: `http://localhost:${options.port}`, ...options.upstreamEnv },
        stdio,
        probe: false,
      });
    let upstream = await startUpstream();
    stops.push(() => stopChild(upstream.child));
    const startRelay = async () => {
      const child = runTs(
        'lab/upstream-relay.ts',
        [],
        {
          PATH: process.env.PATH,
          RELAY_LISTEN: `${addressOf('upstream')}:${HOSTS_PORTS.upstream}`,
          RELAY_TARGET: `127.0.0.1:${HOSTS_PORTS.upstream}`,
        },
        ['ignore', 'ignore', 'inherit'],
        onHost('upstream'),
      );
      await waitForOk(`${upstreamUrl}/healthz`, child, 'the upstream (through its relay)');
      return child;
    };
    let relay = await startRelay();
    stops.push(() => stopChild(relay));
    supervisor.watch({
      name: 'upstream',
      child: () => upstream.child,
      restart: async () => void (upstream = await startUpstream()),
    });
    supervisor.watch({
      name: 'upstream relay',
      child: () => relay,
      restart: async () => void (relay = await startRelay()),
    });

    const cluster = await startCluster({
      port: options.port,
      instances: APP_HOSTS.length,
      quiet: options.quiet,
      hosts: APP_HOSTS.map((host) => ({ address: addressOf(host), prefix: onHost(host) })),
      edge: { address: addressOf('edge'), prefix: onHost('edge'), unixSocket: options.unixSocket },
      env: { ...options.env, REST_API_URL: upstreamUrl, ...redis.env },
    });
    stops.push(() => cluster.stop());
    supervisor.watch({ name: 'haproxy', child: () => cluster.haproxy.child, restart: () => cluster.restartBalancer() });
    const watched = cluster.instances.map((instance) =>
      supervisor.watch({
        name: instance.name,
        child: () => instance.child,
        restart: () => instance.restart(),
        expected: () => instance.replacing,
      }),
    );
    return {
      redis,
      /** The upstream as the app hosts reach it (its /rest API only; its dev tools: `onUpstreamHost`). */
      upstreamUrl,
      get upstream() {
        return upstream;
      },
      cluster,
      /** A rolling restart, as SIGHUP asks of `npm run start:cluster`. */
      roll: () => cluster.roll(report, (instance) => watched[cluster.instances.indexOf(instance)]?.rewatch()),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type HostsCluster = Awaited<ReturnType<typeof startHostsCluster>>;

/**
 * A call to the reference upstream's dev tools (invitations, the fault switch), made on the upstream host itself:
 * they answer on its loopback only. The answer's body as JSON (`null` when empty).
 */
export async function upstreamDevTool(method: string, target: string, body?: unknown): Promise<unknown> {
  const script =
    `const r = await fetch(process.argv[1], { method: process.argv[2], headers: { 'Content-Type': 'application/json' },` +
    ` body: process.argv[3] || undefined }); const t = await r.text();` +
    ` if (!r.ok) { console.error(r.status + ' ' + t); process.exit(1); } process.stdout.write(t);`;
  const child = spawnWith(
    onHost('upstream'),
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      `http://127.0.0.1:${HOSTS_PORTS.upstream}${target}`,
      method,
      body === undefined ? '' : JSON.stringify(body),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`upstream dev tool ${method} ${target}: ${err.trim()}`);
  return out ? JSON.parse(out) : null;
}
