import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { contract } from '#contract';
import type { Logger } from '../log.server';
import type { Metrics } from '../metrics.server';
import { REFRESH_REUSE_MS, type Refreshed, type RefreshFlight, type Seal } from './shared-state';
import { createSingleFlight } from './single-flight.server';

/** Longer than one refresh call can take (REST_TIMEOUT_MS, no retry): a crashed holder delays others this long. */
const LOCK_MS = 15_000;
const POLL_MS = 25;
/** Deletes the lock only while it is still ours: a holder that outlived its lock must not free another's. */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * The refresh single flight across instances: within a process, requests share one promise (as with
 * one instance); across processes, the first takes a short lock (`SET NX PX`, keyed by an HMAC of the refresh
 * token) and calls the upstream, and the others poll for its outcome, which is stored sealed with the session
 * key, so that reading Redis never yields a usable auth token. While Redis is away, each instance refreshes on
 * its own: a few more refreshes, no lost session.
 */
export function createRedisFlight(deps: {
  client: Redis;
  keyOf: (token: string) => string;
  sealer: Seal;
  log: Logger;
  metrics?: Metrics;
}): RefreshFlight {
  const { client, keyOf, sealer, log, metrics } = deps;
  const local = createSingleFlight<Refreshed>(REFRESH_REUSE_MS, undefined, (started) =>
    metrics?.refreshWait('process', started),
  );

  async function shared(resultKey: string, unless?: (value: Refreshed) => boolean): Promise<Refreshed | null> {
    const sealed = await client.get(resultKey);
    const value = sealed ? await sealer.unseal(sealed, contract.refresh.result) : null;
    if (!value) return null;
    if (!unless?.(value)) return value;
    await client.del(resultKey);
    return null;
  }

  /** Lets go of the lock while it is still ours; a Redis that is away lets it expire instead. */
  const release = (base: string, owner: string) => client.eval(RELEASE, 1, `${base}:lock`, owner).catch(() => null);

  /** The shared outcome, or null once this process holds the lock (or waited a whole lock's life in vain). */
  async function waitForTurn(base: string, owner: string, unless?: (value: Refreshed) => boolean) {
    const deadline = Date.now() + LOCK_MS;
    for (;;) {
      const value = await shared(`${base}:result`, unless);
      if (value) return value;
      if ((await client.set(`${base}:lock`, owner, 'PX', LOCK_MS, 'NX')) === 'OK') {
        // The holder before stores its outcome, then frees the lock: one that finished between the read above and
        // this lock left its outcome behind, and a second refresh would spend the refresh token it was given.
        const stored = await shared(`${base}:result`, unless);
        if (stored) await release(base, owner);
        return stored;
      }
      if (Date.now() > deadline) return null;
      await sleep(POLL_MS);
    }
  }

  async function clustered(token: string, task: () => Promise<Refreshed>, unless?: (value: Refreshed) => boolean) {
    const base = keyOf(token);
    const owner = randomUUID();
    const started = performance.now();
    try {
      const value = await waitForTurn(base, owner, unless);
      if (value) {
        metrics?.refreshWait('cluster', started);
        return value;
      }
    } catch (error) {
      // The lock may be ours already (taken, then the next command failed): held, it would keep the other
      // instances polling for its whole life. Released only if ours, as ever.
      await release(base, owner);
      log.warn({ err: { message: (error as Error).message } }, 'refresh single flight per instance: redis unavailable');
      return task();
    }
    try {
      const value = await task();
      await client
        .set(`${base}:result`, await sealer.seal(value, REFRESH_REUSE_MS), 'PX', REFRESH_REUSE_MS)
        .catch(() => log.warn('refresh outcome not shared: redis unavailable'));
      return value;
    } finally {
      await release(base, owner);
    }
  }

  return {
    run: (token, task, unless) => local.run(token, () => clustered(token, task, unless), unless),
    async forget(token) {
      local.forget(token);
      await client.del(`${keyOf(token)}:result`).catch(() => log.warn('shared refresh not dropped: redis unavailable'));
    },
  };
}
