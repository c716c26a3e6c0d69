import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log.server';
import { days } from '#shared/time';
import { createRedisFlight } from './redis-flight.server';
import { createRedisState } from './redis-state.server';
import type { Refreshed, SharedState } from './shared-state';
import { FIXTURE_SECRET, useSharedStates } from '../../tests/state-fixture';
import { createSealer } from '../session/seal.server';

const states = useSharedStates();

/** A second instance: another process's state on the same Redis and key prefix. */
async function sibling(of: SharedState) {
  const state = createRedisState({
    connection: states.connection(),
    keyPrefix: states.prefixOf(of),
    secrets: [FIXTURE_SECRET],
    sealer: createSealer([FIXTURE_SECRET]),
    keepMs: days(1),
    log: createLogger({ logLevel: 'silent' }),
  });
  await state.ready(5_000);
  return state;
}

/** An upstream refresh that takes a while, counting its calls. */
function slowRefresh() {
  let count = 0;
  const task = vi.fn(async (): Promise<Refreshed> => {
    count += 1;
    await sleep(100);
    return { id: 7, token: { authToken: `auth-${count}` } };
  });
  return task;
}

describe('the refresh single flight across instances (Redis)', () => {
  it('refreshes one token once for 40 concurrent requests spread over two instances, all sharing the outcome', async () => {
    const one = await states.make('redis');
    const two = await sibling(one);
    try {
      const task = slowRefresh();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).refreshes.run('refresh-1', task)),
      );
      expect(task).toHaveBeenCalledTimes(1);
      expect(new Set(results.map((r) => r.token.authToken))).toEqual(new Set(['auth-1']));
      // Shortly after, on the other instance too: reused, not refreshed again.
      expect((await two.refreshes.run('refresh-1', task)).token.authToken).toBe('auth-1');
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      await two.close();
    }
  });

  it('refreshes again when the shared auth token was just refused, or after the session was forgotten', async () => {
    const one = await states.make('redis');
    const two = await sibling(one);
    try {
      const task = slowRefresh();
      await one.refreshes.run('refresh-2', task);
      const again = await two.refreshes.run('refresh-2', task, (reused) => reused.token.authToken === 'auth-1');
      expect(again.token.authToken).toBe('auth-2');
      await two.refreshes.forget('refresh-2');
      const three = createRedisState({
        connection: states.connection(),
        keyPrefix: states.prefixOf(one),
        secrets: [FIXTURE_SECRET],
        sealer: createSealer([FIXTURE_SECRET]),
        keepMs: days(1),
        log: createLogger({ logLevel: 'silent' }),
      });
      await three.ready(5_000);
      expect((await three.refreshes.run('refresh-2', task)).token.authToken).toBe('auth-3');
      await three.close();
    } finally {
      await two.close();
    }
  });

  it('while Redis is away, refreshes per instance (quickly, no error), and shares again once it is back', async () => {
    const one = await states.make('redis');
    const task = slowRefresh();
    await states.redis!.stop();
    try {
      const started = Date.now();
      const results = await Promise.all([1, 2, 3].map(() => one.refreshes.run('refresh-3', task)));
      expect(results.map((r) => r.token.authToken)).toEqual(['auth-1', 'auth-1', 'auth-1']);
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect(one.sessions.standing(['x'], [7])).rejects.toThrow();
    } finally {
      await states.redis!.start();
    }
    await one.ready(5_000);
    const two = await sibling(one);
    try {
      const shared = await Promise.all([one, two, one, two].map((s) => s.refreshes.run('refresh-4', task)));
      expect(new Set(shared.map((r) => r.token.authToken))).toEqual(new Set(['auth-2']));
      expect(task).toHaveBeenCalledTimes(2);
    } finally {
      await two.close();
    }
  });

  it('refreshes once when the holder before finishes between a read of the outcome and taking the lock', async () => {
    const log = createLogger({ logLevel: 'silent' });
    const sealer = createSealer([FIXTURE_SECRET]);
    const keyOf = (token: string) => `race-${process.pid}:${token}`;
    const first = new Redis(states.redis!.adminUrl);
    const second = new Redis(states.redis!.adminUrl);
    try {
      const task = slowRefresh();
      const holder = createRedisFlight({ client: first, keyOf, sealer, log });
      const firstRun = holder.run('refresh-5', task);
      // The second instance reads the outcome while the first is still refreshing (none yet), and gets to the
      // lock only once the first has stored its outcome and let go.
      let held = false;
      const late = new Proxy(second, {
        get(target, property, receiver) {
          if (property !== 'get') return Reflect.get(target, property, receiver) as unknown;
          return async (key: string) => {
            const value = await target.get(key);
            if (!held) {
              held = true;
              await firstRun;
            }
            return value;
          };
        },
      });
      const waiter = createRedisFlight({ client: late, keyOf, sealer, log });
      const secondRun = waiter.run('refresh-5', task);
      expect((await firstRun).token.authToken).toBe('auth-1');
      expect((await secondRun).token.authToken).toBe('auth-1');
      expect(held).toBe(true);
      expect(task).toHaveBeenCalledTimes(1);
      // The lock was let go: the next refresh of another token is not kept waiting.
      expect(await second.get(`${keyOf('refresh-5')}:lock`)).toBeNull();
    } finally {
      first.disconnect();
      second.disconnect();
    }
  });
  it('lets go of the lock when Redis fails just after it was taken, so other instances are not kept waiting', async () => {
    const log = createLogger({ logLevel: 'silent' });
    const sealer = createSealer([FIXTURE_SECRET]);
    const keyOf = (token: string) => `broken-${process.pid}:${token}`;
    const client = new Redis(states.redis!.adminUrl);
    try {
      let locked = false;
      // Redis answers the lock, then fails the read of the outcome that follows it (a timeout, a failover).
      const failing = new Proxy(client, {
        get(target, property, receiver) {
          if (property === 'set')
            return async (...args: Parameters<Redis['set']>) => {
              const reply = await (target.set as (...a: unknown[]) => Promise<unknown>)(...args);
              if (args.includes('NX') && reply === 'OK') locked = true;
              return reply;
            };
          if (property === 'get')
            return async (key: string) => {
              if (locked) throw new Error('Command timed out');
              return target.get(key);
            };
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      const task = slowRefresh();
      const flight = createRedisFlight({ client: failing, keyOf, sealer, log });
      expect((await flight.run('refresh-6', task)).token.authToken).toBe('auth-1');
      expect(locked).toBe(true);
      expect(await client.get(`${keyOf('refresh-6')}:lock`)).toBeNull();
    } finally {
      client.disconnect();
    }
  });
});
