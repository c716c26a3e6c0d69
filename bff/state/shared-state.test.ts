import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createAuthLimits } from '../request/rate-limit.server';
import { createLogger } from '../log.server';
import { days } from '#shared/time';
import { createRedisState } from './redis-state.server';
import type { Refreshed } from './shared-state';
import { FIXTURE_LIMITS_KEY, FIXTURE_SECRET, STATE_KINDS, useSharedStates } from '../../tests/state-fixture';
import { createSealer } from '../session/seal.server';

const states = useSharedStates();

describe.each(STATE_KINDS)('session records (%s)', (kind) => {
  it('refuses revoked tokens, and only those', async () => {
    const { sessions } = await states.make(kind);
    await sessions.revoke(['auth-1', 'refresh-1']);
    const { revoked } = await sessions.standing(['auth-1', 'refresh-1', 'auth-2'], [7]);
    expect([...revoked].sort()).toEqual(['auth-1', 'refresh-1']);
  });

  it('ends a user’s sessions issued before a time, and finds the user of a login whatever its case', async () => {
    const { sessions } = await states.make(kind);
    await sessions.linkLogin(' Owner@Example.org ', 7);
    expect(await sessions.userOfLogin('owner@example.org')).toBe(7);
    expect(await sessions.userOfLogin('stranger@example.org')).toBeNull();
    await sessions.endBefore(7, 1_000);
    const { endedBefore } = await sessions.standing([], [7, 8]);
    expect(endedBefore).toEqual(
      new Map([
        [7, 1_000],
        [8, 0],
      ]),
    );
  });

  it('keeps the latest end of a user’s sessions, whatever order the ends are recorded in (issue 25)', async () => {
    const { sessions } = await states.make(kind);
    await sessions.endBefore(7, 2_000);
    await sessions.endBefore(7, 1_000);
    expect((await sessions.standing([], [7])).endedBefore.get(7)).toBe(2_000);
  });

  it('moves a user’s cache generation on with every change, for that user only', async () => {
    const { sessions } = await states.make(kind);
    expect((await sessions.standing([], [7])).generation.get(7)).toBe(0);
    expect(await sessions.changed(7)).toBe(1);
    expect(await sessions.changed(7)).toBe(2);
    expect((await sessions.standing([], [7, 8])).generation).toEqual(
      new Map([
        [7, 2],
        [8, 0],
      ]),
    );
  });

  it('knows marks until they expire', async () => {
    const { marks } = await states.make(kind);
    await marks.set('known:a', 60_000);
    await marks.set('known:b', 30);
    expect(await marks.has('known:a')).toBe(true);
    await sleep(80);
    expect(await marks.has('known:b')).toBe(false);
    expect(await marks.has('known:c')).toBe(false);
  });
});

const refreshed = (authToken: string): Refreshed => ({ id: 7, token: { authToken } });

describe('the state in Redis', () => {
  it('holds no token or login, only namespaced keys that all expire', async () => {
    const state = await states.make('redis');
    await state.sessions.revoke(['auth-secret-token', 'refresh-secret-token']);
    await state.sessions.linkLogin('owner@example.org', 7);
    await state.sessions.endBefore(7, Date.now());
    await state.sessions.changed(7);
    await state.marks.set('known:owner@example.org@10.0.0.0', 60_000);
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 5, perLogin: 5, registrationsPerAddress: 500, key: FIXTURE_LIMITS_KEY } },
      state,
    );
    await limits.attempt('login', '10.0.0.1', 'owner@example.org');
    // A registration takes from the registrations' budget too; the settled one gives back its failure point.
    await (await limits.attempt('registration', '10.0.0.1', 'owner@example.org')).settle('succeeded');
    await limits.forgive('login', '10.0.0.1', 'owner@example.org');
    await state.refreshes.run('refresh-secret-token', async () => refreshed('fresh-auth-token'));

    const client = new Redis(states.redis!.adminUrl);
    try {
      const own = await client.keys(`${states.prefixOf(state)}*`);
      expect(own.length).toBeGreaterThanOrEqual(8);
      for (const key of own) {
        expect(await client.pttl(key), key).toBeGreaterThan(0);
        const value = (await client.type(key)) === 'string' ? ((await client.get(key)) ?? '') : '';
        for (const secret of ['secret-token', 'fresh-auth-token', 'owner', 'example.org', '10.0.0']) {
          expect(key).not.toContain(secret);
          expect(value).not.toContain(secret);
        }
      }
    } finally {
      client.disconnect();
    }
  });

  it('fails closed on a record it cannot read: sessions so far are over, cached reads are not reused (issue 25)', async () => {
    const state = await states.make('redis');
    const prefix = states.prefixOf(state);
    const client = new Redis(states.redis!.adminUrl);
    try {
      await state.sessions.changed(7);
      await client.set(`${prefix}ended:7`, 'not-a-time', 'PX', 60_000);
      await client.set(`${prefix}gen:7`, '1e3', 'PX', 60_000);
      const before = Date.now();
      const { endedBefore, generation } = await state.sessions.standing([], [7]);
      expect(endedBefore.get(7)).toBeGreaterThanOrEqual(before);
      expect(generation.get(7)).not.toBe(0);
      expect(generation.get(7)).not.toBe(1);
      // Mended: the end stays where it was put, and the generation moves on again.
      expect((await state.sessions.standing([], [7])).endedBefore.get(7)).toBe(endedBefore.get(7));
      expect(await state.sessions.changed(7)).toBe(generation.get(7)! + 1);
    } finally {
      client.disconnect();
    }
  });

  it('finds records written under the previous session secret after a rotation', async () => {
    const old = await states.make('redis', [FIXTURE_SECRET]);
    await old.sessions.revoke(['auth-1']);
    const rotated = createRedisState({
      connection: states.connection(),
      keyPrefix: states.prefixOf(old),
      secrets: ['a-newer-secret-a-newer-secret-a-newer-secret', FIXTURE_SECRET],
      sealer: createSealer(['a-newer-secret-a-newer-secret-a-newer-secret', FIXTURE_SECRET]),
      keepMs: days(1),
      log: createLogger({ logLevel: 'silent' }),
    });
    try {
      await rotated.ready(5_000);
      expect((await rotated.sessions.standing(['auth-1'], [])).revoked.has('auth-1')).toBe(true);
    } finally {
      await rotated.close();
    }
  });
});
