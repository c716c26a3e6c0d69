import { describe, expect, it } from 'vitest';
import { createAuthLimits, tooManyAttemptsMessage } from './rate-limit.server';

describe('auth limits', () => {
  it('stops a login after its quota and forgives after success', async () => {
    const limits = createAuthLimits({ rateLimits: { perAddress: 100, perLogin: 3 } });
    for (let i = 0; i < 3; i++) expect(await limits.attempt('login', '10.0.0.1', 'A@x.ru')).toBeNull();
    expect(await limits.attempt('login', '10.0.0.2', 'a@x.ru')).toBeGreaterThan(0);
    await limits.forgive('login', 'a@x.ru');
    expect(await limits.attempt('login', '10.0.0.3', 'a@x.ru')).toBeNull();
  });

  it('stops an address after its quota, per form', async () => {
    const limits = createAuthLimits({ rateLimits: { perAddress: 2, perLogin: 100 } });
    expect(await limits.attempt('recovery', '10.0.0.1', 'a@x.ru')).toBeNull();
    expect(await limits.attempt('recovery', '10.0.0.1', 'b@x.ru')).toBeNull();
    expect(await limits.attempt('recovery', '10.0.0.1', 'c@x.ru')).toBeGreaterThan(0);
    expect(await limits.attempt('login', '10.0.0.1', 'c@x.ru')).toBeNull();
  });

  it('says how long to wait in Russian', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Слишком много попыток. Повторите через 1 минуту.');
    expect(tooManyAttemptsMessage(120)).toBe('Слишком много попыток. Повторите через 2 минуты.');
    expect(tooManyAttemptsMessage(900)).toBe('Слишком много попыток. Повторите через 15 минут.');
  });
});
