import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.server';
import { minutes } from '../time';

export type GuardedForm = 'login' | 'registration' | 'recovery' | 'admin';

const WINDOW_SECONDS = minutes(15) / 1000;

/**
 * Attempts on the public auth forms, counted per client address and per login (an e-mail address): a slow
 * password-guessing run against one account is stopped by the second, a spray from one address by the first.
 */
export function createAuthLimits(config: Pick<Config, 'rateLimits'>) {
  const byAddress = new RateLimiterMemory({ points: config.rateLimits.perAddress, duration: WINDOW_SECONDS });
  const byLogin = new RateLimiterMemory({ points: config.rateLimits.perLogin, duration: WINDOW_SECONDS });

  return {
    /** Counts one attempt. Returns null when allowed, or the seconds to wait before the next one. */
    async attempt(form: GuardedForm, address: string, login?: string): Promise<number | null> {
      try {
        await Promise.all([
          byAddress.consume(`${form}:${address}`),
          login ? byLogin.consume(`${form}:${login.trim().toLowerCase()}`) : null,
        ]);
        return null;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        throw outcome;
      }
    },
    /** A successful sign-in forgets the failed attempts counted against that login. */
    async forgive(form: GuardedForm, login: string) {
      await byLogin.delete(`${form}:${login.trim().toLowerCase()}`);
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** «Слишком много попыток…» with the wait in whole minutes, Russian plural. */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  const n = Math.max(1, Math.ceil(waitSeconds / 60));
  const forms = { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' } as const;
  const word = forms[new Intl.PluralRules('ru-RU').select(n) as keyof typeof forms] ?? 'минут';
  return `Слишком много попыток. Повторите через ${n} ${word}.`;
}
