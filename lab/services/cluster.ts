import { setTimeout as sleep } from 'node:timers/promises';
/**
 * N portal instances (the production build, each its own Node process on a free loopback port, its metrics on
 * another) sharing their state through Redis, behind haproxy on one address. Redis and the upstream are
 * the caller's: the start script runs its own, tests bring the in-process reference upstream and take Redis away
 * mid-run. A rolling restart replaces the instances one at a time, each drained first (ADR 230).
 */
import type { ChildProcess } from 'node:child_process';
import { READINESS_PATH } from '../../scripts/deploy/haproxy-config';
import { startHaproxy, type Haproxy } from './haproxy';
import { hasExited, runPortal, stopChild, waitForOk } from '../../scripts/processes';
import { freePort } from './redis';

export interface ClusterOptions {
  /** The balancer's port; 0 for a free one. */
  port: number;
  instances: number;
  /** Every instance’s environment: REST_API_URL, SESSION_SECRET, REDIS_URL (or REDIS_SENTINELS), REDIS_USERNAME, … */
  env: Record<string, string | undefined>;
  /** Instances' and haproxy's standard output discarded (tests); errors still reach stderr. */
  quiet?: boolean;
  /** Requests the balancer gives one instance at once (haproxy's `maxconn`; default 64). */
  instanceMaxconn?: number;
  /**
   * One host per instance: the instance listens on the host's address (port 3000, its metrics on 9464)
   * and runs through its prefix (`ip netns exec …`). Without it, every instance is on loopback, on free ports.
   */
  hosts?: PlacedOn[];
  /** The balancer's host: its address (where it listens on `port`), prefix, and a Unix socket it listens on too. */
  edge?: PlacedOn & { unixSocket?: string };
}

/** Where a process runs: the address it listens on and the command prefix that runs it there. */
export interface PlacedOn {
  address: string;
  prefix: string[];
}

/** An instance's ports on a host of its own: the same on every host, as on real machines. */
export const HOST_PORTS = { portal: 3000, metrics: 9464 };

export interface Instance {
  name: string;
  /** The address it listens on: 127.0.0.1, or its host's. */
  address: string;
  port: number;
  /** Where the instance serves `/metrics` (its loopback or its host's address, never the balancer's). */
  metricsPort: number;
  readonly child: ChildProcess;
  /** True while `restart()` stops the instance on purpose: its exit is no failure. */
  readonly replacing: boolean;
  /** Stops the instance (SIGTERM: it drains) and starts it again on its ports; resolves once it is ready. */
  restart(): Promise<void>;
}

/** Polls `check` every 100 ms until it holds; throws `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    if (await check()) return;
  }
  throw new Error(what);
}

export async function startCluster(options: ClusterOptions) {
  const port = options.port || (await freePort());
  const origin = `http://localhost:${port}`;
  if (options.hosts && options.hosts.length < options.instances) throw new Error('one host per instance');
  const env: Record<string, string | undefined> = {
    ...options.env,
    NODE_ENV: 'production',
    // The address people open is the balancer's: the origin check and cookie names follow it, not the instance's.
    PUBLIC_ORIGIN: options.env.PUBLIC_ORIGIN || origin,
    // haproxy reaches the instances over loopback, or from its own host: only its X-Forwarded-For is believed.
    TRUST_PROXY: options.env.TRUST_PROXY || options.edge?.address || 'loopback',
  };
  const launch = (host: PlacedOn, instancePort: number, metricsPort: number) =>
    runPortal(
      {
        ...env,
        HOST: host.address,
        PORT: String(instancePort),
        METRICS_HOST: host.address,
        METRICS_PORT: String(metricsPort),
      },
      ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
      [],
      host.prefix,
    );

  const instances: Instance[] = [];
  try {
    for (let i = 1; i <= options.instances; i++) {
      const host = options.hosts?.[i - 1] ?? { address: '127.0.0.1', prefix: [] };
      const instancePort = options.hosts ? HOST_PORTS.portal : await freePort();
      const metricsPort = options.hosts ? HOST_PORTS.metrics : await freePort();
      const ready = `http://${host.address}:${metricsPort}${READINESS_PATH}`;
      let child = launch(host, instancePort, metricsPort);
      let replacing = false;
      let restarting: Promise<void> | undefined;
      instances.push({
        name: `portal${i}`,
        address: host.address,
        port: instancePort,
        metricsPort,
        get child() {
          return child;
        },
        get replacing() {
          return replacing;
        },
        // The supervisor and a rolling restart may both want a new process at once: they share one.
        restart() {
          return (restarting ??= (async () => {
            replacing = true;
            try {
              await stopChild(child);
              child = launch(host, instancePort, metricsPort);
            } finally {
              replacing = false;
            }
            await waitForOk(ready, child, `portal${i}`);
          })().finally(() => (restarting = undefined)));
        },
      });
    }
    // They start side by side; each is awaited until it says it is ready.
    await Promise.all(
      instances.map((instance) =>
        waitForOk(`http://${instance.address}:${instance.metricsPort}${READINESS_PATH}`, instance.child, instance.name),
      ),
    );
  } catch (error) {
    await Promise.all(instances.map((instance) => stopChild(instance.child)));
    throw error;
  }
  const balancer = (statsPort?: number) =>
    startHaproxy({
      port,
      host: options.edge?.address,
      prefix: options.edge?.prefix,
      unixSocket: options.edge?.unixSocket,
      backends: instances.map(({ name, address, port, metricsPort }) => ({
        name,
        address,
        port,
        checkPort: metricsPort,
      })),
      quiet: options.quiet,
      statsPort,
      instanceMaxconn: options.instanceMaxconn,
      // The names the instances give their session cookies, with and without `__Host-` (bff/config.server.ts).
      sessionCookies: [env.AUTH_COOKIE_NAME || 'vptk', env.REFRESH_COOKIE_NAME || 'rvptk'].flatMap((name) => [
        name,
        `__Host-${name}`,
      ]),
    });
  let haproxy: Haproxy = await balancer().catch(async (error: unknown) => {
    await Promise.all(instances.map((instance) => stopChild(instance.child)));
    throw error;
  });
  let rolling: Promise<void> | undefined;

  return {
    origin,
    port,
    instances,
    get haproxy() {
      return haproxy;
    },
    /** Starts haproxy again, on the same ports, after it exited. */
    async restartBalancer() {
      await haproxy.stop();
      haproxy = await balancer(haproxy.statsPort);
    },
    /**
     * Replaces every instance, one at a time, with no request lost: the balancer stops sending it new requests
     * (`maint`) and waits for those it has, SIGTERM makes it fail `/readyz` and finish, its successor starts on
     * the same ports, and the next one goes only once the balancer counts the successor up again. A second call
     * while one runs waits for it.
     *
     * `maint`, not `drain`: haproxy 2.6 (Debian 12) lets a server leave `drain` without taking the requests that
     * already wait in the backend's queue, and while a queue stands every new request joins it. Under load, once
     * each instance had been drained in turn, nothing was dispatched any more: every request waited out the 15 s
     * queue timeout for a 503, for as long as the load lasted (the faulted day's bench, issue 26). Requests in
     * flight finish in `maint` as in `drain`; those queued for the server go to another (redispatch); and a
     * server leaving `maint` takes the backend's queue at once.
     */
    roll(report: (line: string) => void = () => {}, replaced: (instance: Instance) => void = () => {}): Promise<void> {
      return (rolling ??= (async () => {
        for (const instance of instances) {
          // Never the last one up: an instance the balancer still counts down (one just killed and started
          // again, say) would leave nobody to answer while this one drains.
          await until(
            async () => {
              const others = instances.filter((other) => other !== instance);
              const states = await Promise.all(others.map((other) => haproxy.server(other.name)));
              return states.every(({ status }) => status === 'UP');
            },
            60_000,
            `the other instances were not all up within 60 s; ${instance.name} was left running`,
          );
          report(`${instance.name}: draining`);
          await haproxy.setState(instance.name, 'maint');
          await until(
            async () => {
              const { current, queued } = await haproxy.server(instance.name);
              return current === 0 && queued === 0;
            },
            30_000,
            `${instance.name} still had requests after 30 s`,
          );
          await instance.restart();
          replaced(instance);
          await haproxy.setState(instance.name, 'ready');
          await until(
            async () => (await haproxy.server(instance.name)).status === 'UP',
            30_000,
            `haproxy did not count ${instance.name} up again within 30 s`,
          );
          report(`${instance.name}: replaced (pid ${instance.child.pid})`);
        }
      })().finally(() => (rolling = undefined)));
    },
    /** The balancer first, so nothing new arrives while the instances finish what they have. */
    async stop() {
      await haproxy.stop();
      await Promise.all(instances.filter((i) => !hasExited(i.child)).map((i) => stopChild(i.child)));
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
