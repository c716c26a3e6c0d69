import { LRUCache } from 'lru-cache';
import type { Metrics } from '../metrics.server';
import { minutes } from '../time';

/**
 * How a read may be cached (ADR 012): `shared` answers do not depend on who asks; `user` answers belong to one
 * user and change only by what that user does. Reads that staff change on the provider's side (support replies,
 * authors' answers, certificates, dictation results) name no policy: they are never cached.
 */
export type CachePolicy = 'shared' | 'user';

/**
 * The provider's rule (docs/product.md §9) as a hard limit: no entry is answered more than 5 minutes after it
 * was read from the upstream, however often it is asked for.
 */
export const MAX_ENTRY_AGE = minutes(5);

/**
 * The process's cache of upstream reads. Entries are promises, so concurrent requests for the same read share
 * one upstream call; a failed read is dropped at once and never served. Keys never hold a token: shared reads
 * are keyed by call and query, per-user reads by user id, the user's cache generation (moved on by every change
 * they make, on every instance: ADR 022), call and query. Reading an entry never extends its life.
 */
export function createReadCache(options: { max?: number; maxAgeMs?: number; metrics?: Metrics } = {}) {
  const entries = new LRUCache<string, Promise<unknown>>({
    max: options.max ?? 5_000,
    ttl: options.maxAgeMs ?? MAX_ENTRY_AGE,
    updateAgeOnGet: false,
  });

  return {
    /** The cached answer under `key`, or `load()`'s, stored while it has not failed. */
    read<T>(key: string, load: () => Promise<T>): { value: Promise<T>; hit: boolean } {
      const cached = entries.get(key) as Promise<T> | undefined;
      options.metrics?.cacheLookup(cached !== undefined);
      if (cached) return { value: cached, hit: true };
      const value = load();
      entries.set(key, value);
      value.catch(() => entries.get(key) === value && entries.delete(key));
      return { value, hit: false };
    },
    get size() {
      return entries.size;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/**
 * The cache key of a read: the call and its query (keys sorted), under the user's id and generation for
 * per-user reads — or null when a per-user read has no user (or no known generation) to file it under, and so
 * is not cached.
 */
export function readKey(
  policy: CachePolicy,
  call: string,
  query: object,
  userId: number | null,
  generation: number | null = 0,
): string | null {
  const sorted = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const read = `${call}?${JSON.stringify(sorted)}`;
  if (policy === 'shared') return `shared:${read}`;
  return userId === null || generation === null ? null : `user:${userId}:${generation}:${read}`;
}
