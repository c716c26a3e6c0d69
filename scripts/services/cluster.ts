/**
 * N portal instances (the production build, each its own Node process on a free loopback port) sharing their
 * state through Redis, behind haproxy on one address (ADR 023). Redis and the upstream are the caller's: the
 * start script runs its own, tests bring the in-process reference upstream and take Redis away mid-run.
 */
import type { ChildProcess } from 'node:child_process';
import { startHaproxy } from './haproxy';
import { hasExited, runPortal, stopChild, waitForOk } from './processes';
import { freePort } from './redis';

export interface ClusterOptions {
  /** The balancer's port; 0 for a free one. */
  port: number;
  instances: number;
  /** Every instance's environment: REST_API_URL, SESSION_SECRET, REDIS_URL, … */
  env: Record<string, string | undefined>;
  /** Instances' and haproxy's standard output discarded (tests); errors still reach stderr. */
  quiet?: boolean;
}

export interface Instance {
  name: string;
  port: number;
  readonly child: ChildProcess;
  /** Starts the instance again on its port after it stopped or was killed. */
  restart(): Promise<void>;
}

export async function startCluster(options: ClusterOptions) {
  const port = options.port || (await freePort());
  const origin = `http://localhost:${port}`;
  const env: Record<string, string | undefined> = {
    ...options.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // The address people open is the balancer's: the origin check and cookie names follow it, not the instance's.
    PUBLIC_ORIGIN: options.env.PUBLIC_ORIGIN || origin,
    // haproxy reaches the instances over loopback: only its X-Forwarded-For is believed.
    TRUST_PROXY: options.env.TRUST_PROXY || 'loopback',
  };
  const launch = (instancePort: number) =>
    runPortal({ ...env, PORT: String(instancePort) }, ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit']);

  const instances: Instance[] = [];
  try {
    for (let i = 1; i <= options.instances; i++) {
      const instancePort = await freePort();
      let child = launch(instancePort);
      instances.push({
        name: `portal${i}`,
        port: instancePort,
        get child() {
          return child;
        },
        async restart() {
          await stopChild(child);
          child = launch(instancePort);
          await waitForOk(`http://127.0.0.1:${instancePort}/readyz`, child, `portal${i}`);
        },
      });
    }
    // They start side by side; each is awaited until it says it is ready.
    await Promise.all(
      instances.map((instance) => waitForOk(`http://127.0.0.1:${instance.port}/readyz`, instance.child, instance.name)),
    );
  } catch (error) {
    await Promise.all(instances.map((instance) => stopChild(instance.child)));
    throw error;
  }
  const haproxy = await startHaproxy({
    port,
    backends: instances.map(({ name, port }) => ({ name, port })),
    quiet: options.quiet,
  }).catch(async (error: unknown) => {
    await Promise.all(instances.map((instance) => stopChild(instance.child)));
    throw error;
  });

  return {
    origin,
    port,
    instances,
    haproxy,
    /** The balancer first, so nothing new arrives while the instances finish what they have. */
    async stop() {
      await haproxy.stop();
      await Promise.all(instances.filter((i) => !hasExited(i.child)).map((i) => stopChild(i.child)));
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
