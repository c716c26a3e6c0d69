import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.server';
import { minutes } from '../time';

export type GuardedForm = 'login' | 'registration' | 'recovery' | 'admin' | 'password-change';

const WINDOW_SECONDS = minutes(15) / 1000;
/** How many times the per-login allowance all addresses together may spend on one login. */
const GLOBAL_LOGIN_FACTOR = 10;

/**
 * Attempts on the auth forms, counted per client address, per login from that address, and per login from
 * all addresses together (a wider cap). A spray from one address is stopped by the first, guessing one
 * account's password by the second, a distributed run against one account by the third; and a stranger
 * cannot lock someone out with a handful of wrong passwords, because the owner's own address keeps its quota.
 * An attempt refused by the address limit is not charged to the login.
 */
export function createAuthLimits(config: Pick<Config, 'rateLimits'>) {
  const { perAddress, perLogin } = config.rateLimits;
  const byAddress = new RateLimiterMemory({ points: perAddress, duration: WINDOW_SECONDS });
  const byLoginHere = new RateLimiterMemory({ points: perLogin, duration: WINDOW_SECONDS });
  const byLogin = new RateLimiterMemory({ points: perLogin * GLOBAL_LOGIN_FACTOR, duration: WINDOW_SECONDS });
  const loginKey = (form: GuardedForm, login: string) => `${form}:${login.trim().toLowerCase()}`;

  return {
    /** Counts one attempt. Returns null when allowed, or the seconds to wait before the next one. */
    async attempt(form: GuardedForm, address: string, login?: string): Promise<number | null> {
      try {
        await byAddress.consume(`${form}:${address}`);
        if (login) {
          await byLoginHere.consume(`${loginKey(form, login)}@${address}`);
          await byLogin.consume(loginKey(form, login));
        }
        return null;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        throw outcome;
      }
    },
    /** A successful sign-in forgets the attempts counted against that login from that address. */
    async forgive(form: GuardedForm, address: string, login: string) {
      await byLoginHere.delete(`${loginKey(form, login)}@${address}`);
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
