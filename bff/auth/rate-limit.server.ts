import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.server';
import { days, minutes } from '../time';
import { rateLimitAddress } from './client-address.server';

/** `certificate-check`: the public page of a certificate's code (ADR 027), counted per address like sign-in. */
export type GuardedForm = 'login' | 'registration' | 'recovery' | 'admin' | 'password-change' | 'certificate-check';

const WINDOW_SECONDS = minutes(15) / 1000;
/** How many times the per-login allowance all addresses together may spend on one login. */
const GLOBAL_LOGIN_FACTOR = 10;
/** How long an address stays known for a login after a successful sign-in from it. */
const KNOWN_ADDRESS = days(30);
const MAX_KNOWN_ADDRESSES = 100_000;

/**
 * Attempts on the auth forms, counted per client address (IPv6 by its /64), per login from that address, and
 * per login from all addresses together (a wider cap). A spray from one address is stopped by the first,
 * guessing one account's password by the second, a distributed run against one account by the third. A client
 * that signed in to this login before (its device cookie, or its address) has a quota of its own that no
 * stranger can spend, so nobody can lock the owner out (OWASP's device cookies; ADR 009). The admin sign-in
 * shares the sign-in's budget. An attempt refused by the address limit is not charged to the login.
 */
export function createAuthLimits(config: Pick<Config, 'rateLimits'>) {
  const { perAddress, perLogin } = config.rateLimits;
  const byAddress = new RateLimiterMemory({ points: perAddress, duration: WINDOW_SECONDS });
  const byLoginHere = new RateLimiterMemory({ points: perLogin, duration: WINDOW_SECONDS });
  const byLogin = new RateLimiterMemory({ points: perLogin * GLOBAL_LOGIN_FACTOR, duration: WINDOW_SECONDS });
  const byTrustedClient = new RateLimiterMemory({ points: perLogin, duration: WINDOW_SECONDS });
  /** Hashes of `login@address` that signed in, with when they stop counting as known. */
  const knownAddresses = new Map<string, number>();
  const budget = (form: GuardedForm) => (form === 'admin' ? 'login' : form);
  const loginKey = (form: GuardedForm, login: string) => `${budget(form)}:${login.trim().toLowerCase()}`;
  const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

  function trustedKey(form: GuardedForm, address: string, login: string, device: string | null) {
    if (device) return `${loginKey(form, login)}#${device}`;
    const here = hashed(`${loginKey(form, login)}@${rateLimitAddress(address)}`);
    return (knownAddresses.get(here) ?? 0) > Date.now() ? here : null;
  }

  return {
    /**
     * Counts one attempt. Returns null when allowed, or the seconds to wait before the next one. `device` is
     * the id of a device cookie issued to this login, when the client holds one.
     */
    async attempt(form: GuardedForm, address: string, login?: string, device: string | null = null) {
      try {
        const trusted = login ? trustedKey(form, address, login, device) : null;
        if (trusted) {
          await byTrustedClient.consume(trusted);
          return null;
        }
        const net = rateLimitAddress(address);
        await byAddress.consume(`${budget(form)}:${net}`);
        if (login) {
          await byLoginHere.consume(`${loginKey(form, login)}@${net}`);
          await byLogin.consume(loginKey(form, login));
        }
        return null;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        throw outcome;
      }
    },
    /**
     * A successful sign-in forgets the attempts counted against that login from that client, and makes the
     * address known for the login.
     */
    async forgive(form: GuardedForm, address: string, login: string, device: string | null = null) {
      const net = rateLimitAddress(address);
      const here = hashed(`${loginKey(form, login)}@${net}`);
      await byLoginHere.delete(`${loginKey(form, login)}@${net}`);
      await byTrustedClient.delete(here);
      if (device) await byTrustedClient.delete(`${loginKey(form, login)}#${device}`);
      knownAddresses.delete(here);
      if (knownAddresses.size >= MAX_KNOWN_ADDRESSES) knownAddresses.delete(knownAddresses.keys().next().value!);
      knownAddresses.set(here, Date.now() + KNOWN_ADDRESS);
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
