import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import type { Metrics } from '../metrics.server';
import { createMemoryState } from './memory-state.server';
import { createRedisState } from './redis-state.server';
import type { Seal, SharedState } from './shared-state';

/**
 * The process's shared state: in Redis when REDIS_URL is set, else in memory. A revoked token is useless after
 * the longest a session can last, so no session record needs to outlive that.
 */
export function createSharedState(
  config: Pick<Config, 'redis' | 'session'>,
  log: Logger,
  sealer: Seal,
  metrics?: Metrics,
): SharedState {
  const keepMs = config.session.maxAgeMs;
  if (!config.redis) return createMemoryState({ keepMs, metrics });
  const { connection, keyPrefix, graceMs } = config.redis;
  return createRedisState({
    connection,
    keyPrefix,
    graceMs,
    secrets: config.session.secrets,
    sealer,
    keepMs,
    log,
    metrics,
  });
}
