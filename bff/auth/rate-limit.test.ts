import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';
import { FIXTURE_LIMITS_KEY, FIXTURE_SECRET, STATE_KINDS, useSharedStates } from '../state/state-fixture';
import { createAuthLimits, tooManyAttemptsMessage } from './rate-limit.server';

const states = useSharedStates();

describe.each(STATE_KINDS)('auth limits (%s)', (kind) => {
  it('stops guessing one login from one address, and forgives after success', async () => {
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 100, perLogin: 3, key: FIXTURE_LIMITS_KEY } },
      await states.make(kind),
    );
    for (let i = 0; i < 3; i++) expect(await limits.attempt('login', '10.0.0.1', 'A@x.ru')).toBeNull();
    expect(await limits.attempt('login', '10.0.0.1', ' a@x.ru ')).toBeGreaterThan(0);
    await limits.forgive('login', '10.0.0.1', 'a@x.ru');
    expect(await limits.attempt('login', '10.0.0.1', 'a@x.ru')).toBeNull();
  });

  it('does not let strangers lock the owner out, up to the wider cap for the login', async () => {
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 100, perLogin: 2, key: FIXTURE_LIMITS_KEY } },
      await states.make(kind),
    );
    for (let i = 0; i < 2; i++) expect(await limits.attempt('login', '10.0.0.9', 'owner@x.ru')).toBeNull();
    expect(await limits.attempt('login', '10.0.0.9', 'owner@x.ru')).toBeGreaterThan(0);
    expect(await limits.attempt('login', '192.0.2.1', 'owner@x.ru')).toBeNull();
    // 2 per login here × 10 for all addresses together: a distributed run stops at 20.
    for (let i = 2; i < 20; i++) await limits.attempt('login', `10.1.0.${i}`, 'owner@x.ru');
    expect(await limits.attempt('login', '10.2.0.1', 'owner@x.ru')).toBeGreaterThan(0);
  });

  it('stops an address after its quota, per form, without charging the logins it tries', async () => {
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 2, perLogin: 1, key: FIXTURE_LIMITS_KEY } },
      await states.make(kind),
    );
    expect(await limits.attempt('recovery', '10.0.0.1', 'a@x.ru')).toBeNull();
    expect(await limits.attempt('recovery', '10.0.0.1', 'b@x.ru')).toBeNull();
    expect(await limits.attempt('recovery', '10.0.0.1', 'c@x.ru')).toBeGreaterThan(0);
    expect(await limits.attempt('recovery', '10.0.0.2', 'c@x.ru')).toBeNull();
    expect(await limits.attempt('login', '10.0.0.1', 'c@x.ru')).toBeNull();
  });

  it('ten strangers × ten wrong passwords do not lock out the owner’s address or device', async () => {
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 30, perLogin: 10, key: FIXTURE_LIMITS_KEY } },
      await states.make(kind),
    );
    await limits.forgive('login', '198.51.100.7', 'owner@x.ru');
    await limits.forgive('login', '203.0.113.9', 'owner@x.ru', 'device-1');
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 10; i++) await limits.attempt('login', `10.9.${a}.1`, 'owner@x.ru');
    }
    expect(await limits.attempt('login', '10.9.99.1', 'owner@x.ru')).toBeGreaterThan(0);
    expect(await limits.attempt('login', '198.51.100.7', 'owner@x.ru')).toBeNull();
    expect(await limits.attempt('login', '192.0.2.200', 'owner@x.ru', 'device-1')).toBeNull();
    // A device cookie of another login, or a forged id, is no way around the cap.
    expect(await limits.attempt('login', '192.0.2.201', 'owner@x.ru', null)).toBeGreaterThan(0);
  });

  it('a known client still has a quota of its own', async () => {
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 30, perLogin: 3, key: FIXTURE_LIMITS_KEY } },
      await states.make(kind),
    );
    await limits.forgive('login', '198.51.100.7', 'owner@x.ru');
    for (let i = 0; i < 3; i++) expect(await limits.attempt('login', '198.51.100.7', 'owner@x.ru')).toBeNull();
    expect(await limits.attempt('login', '198.51.100.7', 'owner@x.ru')).toBeGreaterThan(0);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 2, perLogin: 100, key: FIXTURE_LIMITS_KEY } },
      await states.make(kind),
    );
    expect(await limits.attempt('recovery', '2001:db8:0:1::1', 'a@x.ru')).toBeNull();
    expect(await limits.attempt('recovery', '2001:db8:0:1::2', 'b@x.ru')).toBeNull();
    expect(await limits.attempt('recovery', '2001:db8:0:1:ffff::3', 'c@x.ru')).toBeGreaterThan(0);
    expect(await limits.attempt('recovery', '2001:db8:0:2::1', 'c@x.ru')).toBeNull();
  });

  it('the admin sign-in spends the sign-in’s budget, not one of its own', async () => {
    const limits = createAuthLimits(
      { rateLimits: { perAddress: 100, perLogin: 2, key: FIXTURE_LIMITS_KEY } },
      await states.make(kind),
    );
    expect(await limits.attempt('login', '10.0.0.1', 'a@x.ru')).toBeNull();
    expect(await limits.attempt('admin', '10.0.0.1', 'a@x.ru')).toBeNull();
    expect(await limits.attempt('admin', '10.0.0.1', 'a@x.ru')).toBeGreaterThan(0);
    expect(await limits.attempt('login', '10.0.0.1', 'a@x.ru')).toBeGreaterThan(0);
  });

  it('says how long to wait in Russian', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Слишком много попыток. Повторите через 1 минуту.');
    expect(tooManyAttemptsMessage(120)).toBe('Слишком много попыток. Повторите через 2 минуты.');
    expect(tooManyAttemptsMessage(900)).toBe('Слишком много попыток. Повторите через 15 минут.');
  });
});

describe('the limits’ keys in Redis (issue 25, 6)', () => {
  const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

  it('are keyed with SESSION_SECRET: the same on every instance sharing it, never a hash anyone can recompute', async () => {
    const state = await states.make('redis');
    const instance = () => createAuthLimits(loadConfig({ SESSION_SECRET: FIXTURE_SECRET }), state);
    const [first, second] = [instance(), instance()];
    for (let i = 0; i < 10; i++) expect(await first.attempt('login', '203.0.113.7', 'owner@example.org')).toBeNull();
    expect(await second.attempt('login', '203.0.113.7', 'owner@example.org')).toBeGreaterThan(0);

    const client = new Redis(states.redis!.url);
    try {
      const keys = (await client.keys(`${states.prefixOf(state)}*`)).join('\n');
      expect(keys).toContain(`${states.prefixOf(state)}rl:`);
      for (const guessed of ['login:203.0.113.7', 'login:owner@example.org'])
        expect(keys).not.toContain(sha256(guessed));
    } finally {
      client.disconnect();
    }
  });

  it('are keyed with the newest secret: a rotation starts the counters afresh, once', () => {
    const key = (secrets: string) => loadConfig({ SESSION_SECRET: secrets }).rateLimits.key;
    const newer = 'a-newer-secret-a-newer-secret-a-newer-secret';
    expect(key(FIXTURE_SECRET)).toBe(key(FIXTURE_SECRET));
    expect(key(`${newer},${FIXTURE_SECRET}`)).toBe(key(newer));
    expect(key(`${newer},${FIXTURE_SECRET}`)).not.toBe(key(FIXTURE_SECRET));
    expect(key(FIXTURE_SECRET)).not.toContain(FIXTURE_SECRET);
  });
});
