import { afterAll, beforeAll } from 'vitest';
import { deriveKey } from '../bff/config.server';
import { startRedis, type RedisService } from '../lab/services/redis';
import { createLogger } from '../bff/log.server';
import { days } from '#shared/time';
import { createMemoryState } from '../bff/state/memory-state.server';
import { createRedisState } from '../bff/state/redis-state.server';
import type { SharedState } from '../bff/state/shared-state';
import { createSealer } from '../bff/session/seal.server';

export const STATE_KINDS = ['memory', 'redis'] as const;
export const FIXTURE_SECRET = 'unit-test-secret-unit-test-secret-unit-test';
/** The limits' key `loadConfig` derives from FIXTURE_SECRET. */
export const FIXTURE_LIMITS_KEY = deriveKey(FIXTURE_SECRET, 'rate-limits');

/**
 * For unit tests run against both implementations: a real redis-server for the file (started in `beforeAll`),
 * and `make(kind)` giving a fresh state, each Redis one under a key prefix of its own.
 */
export function useSharedStates() {
  const fixture: { redis?: RedisService } = {};
  const opened: SharedState[] = [];
  /** The key prefix of each Redis state made here. */
  const prefixes = new WeakMap<SharedState, string>();
  let count = 0;
  /** How the portal's user reaches the file's Redis. */
  const connection = () => ({
    kind: 'url' as const,
    url: fixture.redis!.url,
    username: fixture.redis!.credentials.portal.username,
    password: fixture.redis!.credentials.portal.password,
  });
  beforeAll(async () => {
    fixture.redis = await startRedis({ keyPatterns: ['test*'] });
  });
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()));
    await fixture.redis?.close();
  });
  async function make(kind: (typeof STATE_KINDS)[number], secrets = [FIXTURE_SECRET]): Promise<SharedState> {
    const keepMs = days(365);
    const keyPrefix = `test${++count}:`;
    const state =
      kind === 'memory'
        ? createMemoryState({ keepMs })
        : createRedisState({
            connection: connection(),
            keyPrefix,
            secrets,
            sealer: createSealer(secrets),
            keepMs,
            log: createLogger({ logLevel: 'silent' }),
          });
    prefixes.set(state, keyPrefix);
    opened.push(state);
    await state.ready(5_000);
    return state;
  }
  return Object.assign(fixture, { make, connection, prefixOf: (state: SharedState) => prefixes.get(state)! });
}
