import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Metrics } from '../metrics.server';
import { boundedMap } from './bounded-map.server';
import { createRevocations } from './revocations.server';
import { createSingleFlight } from './single-flight.server';
import { GENERATION_KEEP_MS, normalLogin, REFRESH_REUSE_MS, type Refreshed, type SharedState } from './shared-state';

/** Bounds every map below: a flood of new keys evicts the oldest instead of growing the process. */
const MAX_ENTRIES = 100_000;

/**
 * The shared state of a single instance, in its own memory (REDIS_URL unset, `npm start`): what the Redis one
 * does across instances, this does within one process, so one instance behaves as it always has.
 */
export function createMemoryState(options: { keepMs: number; metrics?: Metrics }): SharedState {
  const revocations = createRevocations({ keepMs: options.keepMs, maxEntries: MAX_ENTRIES });
  const endedBefore = boundedMap<number, number>(MAX_ENTRIES, options.keepMs);
  const logins = boundedMap<string, number>(MAX_ENTRIES, options.keepMs);
  const generations = boundedMap<number, number>(MAX_ENTRIES, GENERATION_KEEP_MS);
  const marks = boundedMap<string, true>(MAX_ENTRIES, 1);
  const refreshes = createSingleFlight<Refreshed>(REFRESH_REUSE_MS, undefined, (started) =>
    options.metrics?.refreshWait('process', started),
  );

  return {
    kind: 'memory',
    limiter: (name, points, duration) => new RateLimiterMemory({ keyPrefix: name, points, duration }),
    marks: {
      async set(key, ttlMs) {
        marks.set(key, true, { ttl: ttlMs });
      },
      has: async (key) => marks.has(key),
    },
    sessions: {
      async revoke(tokens) {
        revocations.revoke(...tokens);
      },
      async endBefore(userId, at) {
        endedBefore.set(userId, Math.max(at, endedBefore.get(userId) ?? 0));
      },
      async linkLogin(login, userId) {
        logins.set(normalLogin(login), userId);
      },
      userOfLogin: async (login) => logins.get(normalLogin(login)) ?? null,
      async standing(tokens, userIds, sessionIds = []) {
        return {
          revoked: new Set([...tokens, ...sessionIds].filter((token) => revocations.isRevoked(token))),
          endedBefore: new Map(userIds.map((id) => [id, endedBefore.get(id) ?? 0])),
          generation: new Map(userIds.map((id) => [id, generations.get(id) ?? 0])),
        };
      },
      async changed(userId) {
        const next = (generations.get(userId) ?? 0) + 1;
        generations.set(userId, next);
        return next;
      },
    },
    refreshes: {
      run: (token, task, unless) => refreshes.run(token, task, unless),
      async forget(token) {
        refreshes.forget(token);
      },
    },
    ready: async () => {},
    answers: async () => true,
    close: async () => {},
  };
}
