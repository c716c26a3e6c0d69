import { afterAll, beforeAll } from 'vitest';
import { startCluster, type Cluster, type Instance } from '../../services/cluster';
import { startRedis, type RedisService } from '../../services/redis';
import { Client, startReferenceUpstream, type ReferenceUpstream } from '../../../tests/integration/harness';

/** Sign-in attempts per login and address before «Слишком много попыток» in these tests. */
export const PER_LOGIN = 3;

/**
 * The cluster of ADR 230 for the tests of a file: a real redis-server, the reference upstream (in this process,
 * with its counters and fault switch), three instances of the built portal (each its own Node process, sharing
 * nothing but Redis) and haproxy in front, with `env` added to the instances' settings. Set once `beforeAll` has run.
 */
export function useCluster(env: Record<string, string> = {}) {
  const parts = {} as { redis: RedisService; upstream: ReferenceUpstream; cluster: Cluster };
  beforeAll(async () => {
    parts.redis = await startRedis();
    parts.upstream = await startReferenceUpstream();
    parts.cluster = await startCluster({
      port: 0,
      instances: 3,
      quiet: true,
      env: {
        PATH: process.env.PATH,
        SESSION_SECRET: 'integration-test-secret-integration-test-secret',
        REST_API_URL: parts.upstream.url,
        ...parts.redis.env,
        REST_TIMEOUT_MS: '5000',
        REST_RETRY_BASE_MS: '10',
        REST_RETRY_MAX_MS: '40',
        AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
        AUTH_RATE_LIMIT_PER_LOGIN: String(PER_LOGIN),
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
  });
  afterAll(async () => {
    await parts.cluster?.stop();
    await parts.upstream?.close();
    await parts.redis?.close();
  });
  return parts;
}

/**
 * A browser talking to one instance directly, holding the same cookies as `from` (cookies ignore the port), its
 * requests carrying the balancer's host as the balancer's would (else its pages are sent there).
 */
export async function through(instance: Instance, publicOrigin: string, from?: Client): Promise<Client> {
  const client = new Client(`http://localhost:${instance.port}`, new URL(publicOrigin).host);
  for (const cookie of from ? await from.jar.getCookies(from.origin) : []) {
    await client.jar.setCookie(cookie, client.origin);
  }
  return client;
}
