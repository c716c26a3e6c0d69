import { contract, VERSION_HEADER } from '#contract';
import { startCluster } from '../services/cluster';
import { startUpstreamProcess, stopChild } from '../../scripts/processes';
import { freePort, startRedis } from '../services/redis';
import { Client } from '../../tests/integration/harness';

/**
 * The system of the dictation day's bench (budget 10): a real redis-server, the reference upstream in a process
 * of its own (in-memory database; its fault switch on with `faults`), `instances` portal instances behind haproxy
 * (lab/services/cluster, as `npm run start:cluster` runs them), and `users` accounts of their own, each signed
 * in through the balancer.
 */
export interface Walker {
  index: number;
  email: string;
  client: Client;
}

const email = (index: number) => `bench-walker-${String(index).padStart(3, '0')}@example.org`;
/** Every walker's address on a page, to tell whose data a page holds. */
export const WALKER_EMAIL = /bench-walker-(\d{3})@example\.org/g;

export async function startDaySystem(options: {
  instances: number;
  users: number;
  /** The upstream's fault switch on (the faulted day). */
  faults?: boolean;
  /** Instead of the day's settings; `undefined` drops one (the portal's default then holds). */
  env?: Record<string, string | undefined>;
}) {
  const redis = await startRedis();
  const upstream = await startUpstreamProcess(String(await freePort()), {
    env: { UPSTREAM_DB: ':memory:', UPSTREAM_DEV_TOOLS: 'true', UPSTREAM_FAULTS: options.faults ? 'true' : 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const cluster = await startCluster({
    port: 0,
    instances: options.instances,
    quiet: true,
    env: {
      PATH: process.env.PATH,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
      REST_API_URL: upstream.url,
      ...redis.env,
      // Every walker signs in from this one address.
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const close = async () => {
    await cluster.stop();
    await stopChild(upstream.child);
    await redis.close();
  };
  try {
    const walkers: Walker[] = [];
    // Ten at a time: the upstream hashes every password, and sign-in is not what is measured.
    for (let first = 0; first < options.users; first += 10) {
      const batch = Array.from({ length: Math.min(10, options.users - first) }, (_, i) => first + i);
      walkers.push(...(await Promise.all(batch.map((index) => signUp(upstream.url, cluster.origin, index)))));
    }
    return { redis, upstream, cluster, walkers, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** An account made at the upstream, as the registration form would: its e-mail and password. */
export async function register(upstreamUrl: string, index: number, prefix = 'bench-walker') {
  const password = `walker-password-${index}`;
  const address = `${prefix}-${String(index).padStart(3, '0')}@example.org`;
  const response = await fetch(new URL(contract.register.path, upstreamUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', [VERSION_HEADER]: '1' },
    body: JSON.stringify({
      email: address,
      password,
      firstName: 'Читатель',
      lastName: 'Нагрузочный',
      phone: `7900${String(index).padStart(7, '0')}`,
      // Where the confirmation link would point; the bench's accounts sign in without it.
      portalOrigin: 'http://localhost:3000',
    }),
  });
  if (!response.ok) throw new Error(`registration of ${address}: HTTP ${response.status}`);
  return { email: address, password };
}

/** An account made at the upstream, then signed in through the balancer. */
async function signUp(upstreamUrl: string, origin: string, index: number): Promise<Walker> {
  const { password } = await register(upstreamUrl, index);
  const client = new Client(origin);
  const { url } = await client.login(email(index), password);
  if (!url.endsWith('/lk')) throw new Error(`walker ${index} was not signed in (landed on ${url})`);
  return { index, email: email(index), client };
}

export type DaySystem = Awaited<ReturnType<typeof startDaySystem>>;
