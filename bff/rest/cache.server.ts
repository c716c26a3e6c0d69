import { LRUCache } from 'lru-cache';
import { minutes } from '../time';

/** How a read may be cached: `shared` answers do not depend on who asks; `user` answers belong to one user. */
export type CachePolicy = 'shared' | 'user';

/** The provider's rule (docs/product.md §9): cached data is discarded after 5 minutes unused. */
export const UNUSED_ENTRY_LIFETIME = minutes(5);

/**
 * The process's cache of upstream reads. Entries are promises, so concurrent requests for the same read share
 * one upstream call; a failed read is dropped at once and never served. Keys never hold a token: shared reads
 * are keyed by call and query, per-user reads by user id, call and query.
 */
export function createReadCache(options: { max?: number; ttlMs?: number } = {}) {
  const entries = new LRUCache<string, Promise<unknown>>({
    max: options.max ?? 5_000,
    ttl: options.ttlMs ?? UNUSED_ENTRY_LIFETIME,
    updateAgeOnGet: true,
  });

  return {
    /** The cached answer under `key`, or `load()`'s, stored while it has not failed. */
    read<T>(key: string, load: () => Promise<T>): { value: Promise<T>; hit: boolean } {
      const cached = entries.get(key) as Promise<T> | undefined;
      if (cached) return { value: cached, hit: true };
      const value = load();
      entries.set(key, value);
      value.catch(() => entries.get(key) === value && entries.delete(key));
      return { value, hit: false };
    },
    /** After a mutation by this user: every read of theirs is asked again. */
    dropUser(userId: number) {
      const prefix = userPrefix(userId);
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/**
 * The cache key of a read: the call and its query (keys sorted), under the user's id for per-user reads — or
 * null when a per-user read has no user to file it under, and so is not cached.
 */
export function readKey(policy: CachePolicy, call: string, query: object, userId: number | null): string | null {
  const sorted = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const read = `${call}?${JSON.stringify(sorted)}`;
  if (policy === 'shared') return `shared:${read}`;
  return userId === null ? null : `${userPrefix(userId)}${read}`;
}

const userPrefix = (userId: number) => `user:${userId}:`;
