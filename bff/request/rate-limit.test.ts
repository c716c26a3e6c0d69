import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';
import { FIXTURE_LIMITS_KEY, FIXTURE_SECRET, STATE_KINDS, useSharedStates } from '../../tests/state-fixture';
import {
  createAuthLimits,
  HELD_AFTER_FAILURES,
  tooManyAttemptsMessage,
  type AttemptOutcome,
  type GuardedForm,
} from './rate-limit.server';

const states = useSharedStates();

type Limits = ReturnType<typeof createAuthLimits>;
const DEFAULTS = loadConfig({}).rateLimits;

/** One attempt that, when allowed, went as `outcome` (a wrong password by default); its wait, or null. */
async function tryOnce(
  limits: Limits,
  form: GuardedForm,
  address: string,
  login?: string,
  options: { device?: string | null; browser?: string | null; outcome?: AttemptOutcome } = {},
) {
  const attempt = await limits.attempt(form, address, login, options.device ?? null, options.browser ?? null);
  if (attempt.wait === null) await attempt.settle(options.outcome ?? 'failed');
  return attempt.wait;
}

describe.each(STATE_KINDS)('auth limits (%s)', (kind) => {
  const make = async (rateLimits: Partial<typeof DEFAULTS> = {}) =>
    createAuthLimits({ rateLimits: { ...DEFAULTS, key: FIXTURE_LIMITS_KEY, ...rateLimits } }, await states.make(kind));

  it('stops guessing one login from one address, and forgives after success', async () => {
    const limits = await make({ perAddress: 100, perLogin: 3 });
    for (let i = 0; i < 3; i++) expect(await tryOnce(limits, 'login', '10.0.0.1', 'A@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '10.0.0.1', ' a@x.ru ')).toBeGreaterThan(0);
    await limits.forgive('login', '10.0.0.1', 'a@x.ru');
    expect(await tryOnce(limits, 'login', '10.0.0.1', 'a@x.ru')).toBeNull();
  });

  it('does not let strangers lock the owner out, up to the wider cap for the login', async () => {
    const limits = await make({ perAddress: 100, perLogin: 2 });
    for (let i = 0; i < 2; i++) expect(await tryOnce(limits, 'login', '10.0.0.9', 'owner@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '10.0.0.9', 'owner@x.ru')).toBeGreaterThan(0);
    expect(await tryOnce(limits, 'login', '192.0.2.1', 'owner@x.ru')).toBeNull();
    // 2 per login here × 10 for all addresses together: a distributed run stops at 20.
    for (let i = 2; i < 20; i++) await tryOnce(limits, 'login', `10.1.0.${i}`, 'owner@x.ru');
    expect(await tryOnce(limits, 'login', '10.2.0.1', 'owner@x.ru')).toBeGreaterThan(0);
  });

  it('slows an address down after its failures, per form, without charging the logins it is refused for', async () => {
    const limits = await make({ perAddress: 2, perLogin: 1 });
    expect(await tryOnce(limits, 'recovery-code', '10.0.0.1', 'a@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'recovery-code', '10.0.0.1', 'b@x.ru')).toBeNull();
    // Spent: one more a minute, then a wait of at most a minute.
    expect(await tryOnce(limits, 'recovery-code', '10.0.0.1', 'c@x.ru')).toBeNull();
    const wait = await tryOnce(limits, 'recovery-code', '10.0.0.1', 'd@x.ru');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await tryOnce(limits, 'recovery-code', '10.0.0.2', 'c@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'recovery-code', '10.0.0.2', 'd@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '10.0.0.1', 'c@x.ru')).toBeNull();
  });

  it('ten strangers × ten wrong passwords do not lock out the owner’s address or device', async () => {
    const limits = await make({ perAddress: 30, perLogin: 10 });
    await limits.forgive('login', '198.51.100.7', 'owner@x.ru');
    await limits.forgive('login', '203.0.113.9', 'owner@x.ru', 'device-1');
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 10; i++) await tryOnce(limits, 'login', `10.9.${a}.1`, 'owner@x.ru');
    }
    expect(await tryOnce(limits, 'login', '10.9.99.1', 'owner@x.ru')).toBeGreaterThan(0);
    expect(await tryOnce(limits, 'login', '198.51.100.7', 'owner@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '192.0.2.200', 'owner@x.ru', { device: 'device-1' })).toBeNull();
    // A device cookie of another login, or a forged id, is no way around the cap.
    expect(await tryOnce(limits, 'login', '192.0.2.201', 'owner@x.ru', { device: null })).toBeGreaterThan(0);
  });

  it('a known client still has a quota of its own', async () => {
    const limits = await make({ perAddress: 30, perLogin: 3 });
    await limits.forgive('login', '198.51.100.7', 'owner@x.ru');
    for (let i = 0; i < 3; i++) expect(await tryOnce(limits, 'login', '198.51.100.7', 'owner@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '198.51.100.7', 'owner@x.ru')).toBeGreaterThan(0);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const limits = await make({ perAddress: 2, perLogin: 100 });
    expect(await tryOnce(limits, 'login', '2001:db8:0:1::1', 'a@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '2001:db8:0:1::2', 'b@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '2001:db8:0:1:aaaa::3', 'c@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'login', '2001:db8:0:1:ffff::3', 'd@x.ru')).toBeGreaterThan(0);
    expect(await tryOnce(limits, 'login', '2001:db8:0:2::1', 'd@x.ru')).toBeNull();
  });

  it('the admin sign-in spends the sign-in’s budget, not one of its own', async () => {
    const limits = await make({ perAddress: 100, perLogin: 2 });
    expect(await tryOnce(limits, 'login', '10.0.0.1', 'a@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'admin', '10.0.0.1', 'a@x.ru')).toBeNull();
    expect(await tryOnce(limits, 'admin', '10.0.0.1', 'a@x.ru')).toBeGreaterThan(0);
    expect(await tryOnce(limits, 'login', '10.0.0.1', 'a@x.ru')).toBeGreaterThan(0);
  });

  describe('a school behind one address (issue 27, ADR 216), default limits', () => {
    it('a class of 40 signs in within two minutes, six of them mistyping their password first', async () => {
      const limits = await make();
      for (let pupil = 0; pupil < 40; pupil++) {
        const login = `pupil-${pupil}@school.example`;
        if (pupil % 7 === 0) expect(await tryOnce(limits, 'login', '203.0.113.40', login)).toBeNull();
        expect(await tryOnce(limits, 'login', '203.0.113.40', login, { outcome: 'succeeded' })).toBeNull();
      }
    });

    it('a school of 300 registers and signs in within the hour, some registrations refused, some passwords mistyped', async () => {
      const limits = await make();
      const school = '203.0.113.41';
      for (let pupil = 0; pupil < 300; pupil++) {
        const login = `pupil-${pupil}@school.example`;
        // Twenty already have an account (the upstream refuses a second one), twenty mistype their password once.
        if (pupil % 15 === 0) expect(await tryOnce(limits, 'registration', school, login)).toBeNull();
        expect(await tryOnce(limits, 'registration', school, login, { outcome: 'succeeded' })).toBeNull();
        if (pupil % 15 === 7) expect(await tryOnce(limits, 'login', school, login)).toBeNull();
        expect(await tryOnce(limits, 'login', school, login, { outcome: 'succeeded' })).toBeNull();
      }
    });

    it('forty pupils pressing «Войти» at the same moment: the nine beyond the budget are slowed, not shut out', async () => {
      const limits = await make();
      const waits = await Promise.all(
        Array.from({ length: 40 }, (_, pupil) =>
          tryOnce(limits, 'login', '203.0.113.42', `pupil-${pupil}@school.example`, { outcome: 'succeeded' }),
        ),
      );
      // Each attempt holds a point until the upstream has answered, so at most 31 can be under way at once.
      expect(waits.filter((wait) => wait === null).length).toBeGreaterThanOrEqual(DEFAULTS.perAddress + 1);
      for (const wait of waits) if (wait !== null) expect(wait).toBeLessThanOrEqual(60);
      // Once answered, their points are back: the class can go on.
      for (let pupil = 0; pupil < 40; pupil++) {
        const login = `pupil-${pupil}@school.example`;
        expect(await tryOnce(limits, 'login', '203.0.113.42', login, { outcome: 'succeeded' })).toBeNull();
      }
    });

    it('stops a spray from one address (one wrong password on each of many accounts) after 30, then one a minute', async () => {
      const limits = await make();
      const sprayer = '198.51.100.66';
      for (let i = 0; i < DEFAULTS.perAddress + 1; i++)
        expect(await tryOnce(limits, 'login', sprayer, `victim-${i}@x.ru`)).toBeNull();
      for (let i = 0; i < 5; i++) {
        const wait = await tryOnce(limits, 'login', sprayer, `victim-next-${i}@x.ru`);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
      }
      // Refused attempts spend nothing elsewhere, and another address is not affected.
      expect(await tryOnce(limits, 'login', '198.51.100.67', 'victim-next-0@x.ru')).toBeNull();
    });

    it('a burst of concurrent wrong passwords cannot outrun the count', async () => {
      const limits = await make();
      const waits = await Promise.all(
        Array.from({ length: 60 }, (_, i) => tryOnce(limits, 'login', '198.51.100.68', `victim-${i}@x.ru`)),
      );
      expect(waits.filter((wait) => wait === null)).toHaveLength(DEFAULTS.perAddress + 1);
    });

    it('an upstream that did not answer spends nothing', async () => {
      const limits = await make({ perAddress: 1 });
      for (let i = 0; i < 5; i++)
        expect(await tryOnce(limits, 'login', '10.0.0.5', `a${i}@x.ru`, { outcome: 'unanswered' })).toBeNull();
    });

    it('successful registrations have a budget of their own per address; a refused one does not spend it', async () => {
      const limits = await make({ registrationsPerAddress: 3 });
      const spammer = '198.51.100.70';
      expect(await tryOnce(limits, 'registration', spammer, 'taken@x.ru')).toBeNull();
      for (let i = 0; i < 4; i++)
        expect(await tryOnce(limits, 'registration', spammer, `spam-${i}@x.ru`, { outcome: 'succeeded' })).toBeNull();
      const wait = await tryOnce(limits, 'registration', spammer, 'spam-5@x.ru', { outcome: 'succeeded' });
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(DEFAULTS.registrationsPerAddress).toBeGreaterThanOrEqual(300);
    });

    it('a recovery request counts until a code is used, which gives its point back too', async () => {
      const limits = await make({ perAddress: 2 });
      const home = '10.0.0.6';
      expect(await tryOnce(limits, 'recovery', home, 'a@x.ru', { outcome: 'succeeded' })).toBeNull();
      expect(await tryOnce(limits, 'recovery-code', home, 'a@x.ru', { outcome: 'succeeded' })).toBeNull();
      expect(await tryOnce(limits, 'recovery', home, 'b@x.ru', { outcome: 'succeeded' })).toBeNull();
      expect(await tryOnce(limits, 'recovery', home, 'unknown@x.ru', { outcome: 'succeeded' })).toBeNull();
      expect(await tryOnce(limits, 'recovery', home, 'unknown-2@x.ru', { outcome: 'succeeded' })).toBeNull();
      expect(await tryOnce(limits, 'recovery', home, 'unknown-3@x.ru', { outcome: 'succeeded' })).toBeGreaterThan(0);
    });

    it('a class of 40 gets in while one pupil’s browser sprays: it is held to the first third of the address’s failures (issue 36, ADR 216)', async () => {
      const limits = await make();
      const school = '203.0.113.44';
      const sprayer = 'the-spraying-browser';
      let sprayed = 0;
      for (let i = 0; i < 100; i++) {
        if ((await tryOnce(limits, 'login', school, `victim-${i}@x.ru`, { browser: sprayer })) === null) sprayed += 1;
      }
      expect(sprayed).toBe(Math.floor(DEFAULTS.perAddress / 3) + 1);
      expect(HELD_AFTER_FAILURES).toBeLessThanOrEqual(sprayed);
      // The class, every browser new to the limits, six of them mistyping first: all in at once.
      for (let pupil = 0; pupil < 40; pupil++) {
        const login = `pupil-${pupil}@school.example`;
        const browser = `pupil-browser-${pupil}`;
        if (pupil % 7 === 0) expect(await tryOnce(limits, 'login', school, login, { browser })).toBeNull();
        expect(await tryOnce(limits, 'login', school, login, { browser, outcome: 'succeeded' })).toBeNull();
      }
      // The sprayer is still held: the minute's attempt at most, and it waits a minute at most.
      const wait = await tryOnce(limits, 'login', school, 'victim-next@x.ru', { browser: sprayer });
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    });

    it('a spray with a new browser for every attempt still stops at the address’s 30, then one a minute', async () => {
      const limits = await make();
      const school = '203.0.113.45';
      const waits = [];
      for (let i = 0; i < 100; i++)
        waits.push(await tryOnce(limits, 'login', school, `victim-${i}@x.ru`, { browser: `browser-${i}` }));
      expect(waits.filter((wait) => wait === null)).toHaveLength(DEFAULTS.perAddress + 1);
      for (const wait of waits) if (wait !== null) expect(wait).toBeLessThanOrEqual(60);
    });

    it('a certificate check counts only when no certificate is found', async () => {
      const limits = await make({ perAddress: 2 });
      const school = '203.0.113.43';
      for (let i = 0; i < 40; i++)
        expect(await tryOnce(limits, 'certificate-check', school, undefined, { outcome: 'succeeded' })).toBeNull();
      for (let i = 0; i < 3; i++) expect(await tryOnce(limits, 'certificate-check', school)).toBeNull();
      expect(await tryOnce(limits, 'certificate-check', school, undefined, { outcome: 'succeeded' })).toBeGreaterThan(
        0,
      );
    });
  });

  it('says how long to wait in Russian, in seconds under a minute', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Слишком много попыток. Повторите через 1 секунду.');
    expect(tooManyAttemptsMessage(3)).toBe('Слишком много попыток. Повторите через 3 секунды.');
    expect(tooManyAttemptsMessage(21)).toBe('Слишком много попыток. Повторите через 21 секунду.');
    expect(tooManyAttemptsMessage(30)).toBe('Слишком много попыток. Повторите через 30 секунд.');
    expect(tooManyAttemptsMessage(59.2)).toBe('Слишком много попыток. Повторите через 60 секунд.');
    expect(tooManyAttemptsMessage(60)).toBe('Слишком много попыток. Повторите через 1 минуту.');
    expect(tooManyAttemptsMessage(61)).toBe('Слишком много попыток. Повторите через 2 минуты.');
    expect(tooManyAttemptsMessage(120)).toBe('Слишком много попыток. Повторите через 2 минуты.');
    expect(tooManyAttemptsMessage(300)).toBe('Слишком много попыток. Повторите через 5 минут.');
    expect(tooManyAttemptsMessage(900)).toBe('Слишком много попыток. Повторите через 15 минут.');
  });
});

describe('the limits’ keys in Redis (issue 25, 6)', () => {
  const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

  it('are keyed with SESSION_SECRET: the same on every instance sharing it, never a hash anyone can recompute', async () => {
    const state = await states.make('redis');
    const instance = () => createAuthLimits(loadConfig({ SESSION_SECRET: FIXTURE_SECRET }), state);
    const [first, second] = [instance(), instance()];
    for (let i = 0; i < 10; i++) expect(await tryOnce(first, 'login', '203.0.113.7', 'owner@example.org')).toBeNull();
    expect(await tryOnce(second, 'login', '203.0.113.7', 'owner@example.org')).toBeGreaterThan(0);

    const client = new Redis(states.redis!.adminUrl);
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
