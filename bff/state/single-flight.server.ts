import { createHash } from 'node:crypto';

/**
 * Shares one refresh among every request that holds the same refresh token: concurrent requests wait for the
 * call in flight, and requests arriving shortly after reuse its outcome instead of refreshing again.
 * Keys are hashes, so no token sits in the map; entries expire after `reuseMs`.
 */
export function createSingleFlight<T>(
  reuseMs: number,
  maxEntries = 10_000,
  /** Told when a request took another's outcome (its start time, for the metrics). */
  onWait?: (startedAt: number) => void,
) {
  const entries = new Map<string, { promise: Promise<T>; expiresAt: number }>();

  function purge(now: number) {
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= now || entries.size > maxEntries) entries.delete(key);
    }
  }

  const keyOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

  return {
    /**
     * Runs `task` once per `secret` at a time. `unless` rejects a reusable outcome (for instance an auth token
     * the upstream has just refused), forcing a new run.
     */
    async run(secret: string, task: () => Promise<T>, unless?: (value: T) => boolean): Promise<T> {
      const key = keyOf(secret);
      const now = Date.now();
      const existing = entries.get(key);
      if (existing && existing.expiresAt > now) {
        const started = performance.now();
        const value = await existing.promise.catch(() => undefined);
        if (value !== undefined && !unless?.(value)) {
          onWait?.(started);
          return value;
        }
        if (entries.get(key) === existing) entries.delete(key);
        else return this.run(secret, task, unless);
      }
      purge(now);
      const promise = task();
      entries.set(key, { promise, expiresAt: now + reuseMs });
      // A failed refresh is not reused: the next request decides again.
      promise.catch(() => entries.get(key)?.promise === promise && entries.delete(key));
      return promise;
    },
    /** Drops a reusable outcome, so the next request asks again (after logout, say). */
    forget(secret: string) {
      entries.delete(keyOf(secret));
    },
    get size() {
      return entries.size;
    },
  };
}
