import { LRUCache } from 'lru-cache';
import type { Metrics } from '../metrics.server';
import { minutes, seconds } from '#shared/time';

/**
 * How a read may be cached: `shared` answers do not depend on who asks; `user` answers belong to one
 * user and change only by what that user does. Reads that staff change on the provider's side (support replies,
 * authors' answers, certificates, dictation results) name no policy: they are never cached.
 */
export type CachePolicy = 'shared' | 'user';

/**
 * The provider's rule (docs/product.md §9) as a hard limit: no entry is answered more than 5 minutes after it
 * was read from the upstream, however often it is asked for.
 */
export const MAX_ENTRY_AGE = minutes(5);

/** A read in flight or done: its outcome, how many requests still wait for it, and how to call it off. */
interface Entry {
  value: Promise<unknown>;
  waiting: number;
  settled: boolean;
  stop: AbortController;
}

/**
 * The process's cache of upstream reads. Entries are promises, so concurrent requests for the same read share
 * one upstream call; a failed read is dropped at once and never served. Keys never hold a token: shared reads
 * are keyed by call and query, per-user reads by user id, the user's cache generation (moved on by every change
 * they make, on every instance), call and query. Reading an entry never extends its life.
 *
 * A read belongs to no one request (issue 25): it runs under a signal of its own, aborted after `deadlineMs`
 * (the request's deadline, REST_DEADLINE_MS) or once every request that waited for it has gone, and each request
 * stops waiting when its own signal aborts, without taking the read down for the others.
 */
export function createReadCache(
  options: { max?: number; maxAgeMs?: number; deadlineMs?: number; metrics?: Metrics } = {},
) {
  const deadlineMs = options.deadlineMs ?? seconds(15);
  const entries = new LRUCache<string, Entry>({
    max: options.max ?? 5_000,
    ttl: options.maxAgeMs ?? MAX_ENTRY_AGE,
    updateAgeOnGet: false,
  });

  function drop(key: string, entry: Entry) {
    if (entries.peek(key) === entry) entries.delete(key);
  }

  /** `entry`'s outcome for one request, or its signal's reason once it aborts (the read goes on for others). */
  function waitFor<T>(key: string, entry: Entry, signal: AbortSignal | undefined): Promise<T> {
    entry.waiting++;
    // A request without a signal never leaves: the read is not called off under it.
    if (!signal) return entry.value as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        entry.waiting--;
        reject(signal.reason);
        // Nobody waits any more: the upstream's work is wasted, and a later request asks afresh.
        if (entry.waiting === 0 && !entry.settled) {
          drop(key, entry);
          entry.stop.abort();
        }
      };
      signal.addEventListener('abort', leave, { once: true });
      entry.value.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          entry.waiting--;
          resolve(value as T);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          entry.waiting--;
          reject(error);
        },
      );
    });
  }

  return {
    /**
     * The cached answer under `key`, or `load()`'s, stored while it has not failed; `load` is given the read's
     * own signal, `signal` is the asking request's.
     */
    read<T>(
      key: string,
      load: (signal: AbortSignal) => Promise<T>,
      signal?: AbortSignal,
    ): { value: Promise<T>; hit: boolean } {
      // A request already gone starts nothing.
      if (signal?.aborted) return { value: Promise.reject(signal.reason as Error), hit: false };
      const cached = entries.get(key);
      options.metrics?.cacheLookup(cached !== undefined);
      if (cached) return { value: waitFor<T>(key, cached, signal), hit: true };
      const stop = new AbortController();
      const entry: Entry = {
        value: load(AbortSignal.any([stop.signal, AbortSignal.timeout(deadlineMs)])),
        waiting: 0,
        settled: false,
        stop,
      };
      entries.set(key, entry);
      entry.value.then(
        () => void (entry.settled = true),
        () => {
          entry.settled = true;
          drop(key, entry);
        },
      );
      return { value: waitFor<T>(key, entry, signal), hit: false };
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
