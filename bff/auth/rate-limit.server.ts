import { createHmac } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import type { Metrics } from '../metrics.server';
import { normalLogin, type SharedState } from '../state/shared-state';
import { days, minutes } from '../time';
import { rateLimitAddress } from './client-address.server';

/** `certificate-check`: the public page of a certificate's code (ADR 027), counted per address like sign-in. */
export type GuardedForm = 'login' | 'registration' | 'recovery' | 'admin' | 'password-change' | 'certificate-check';

const WINDOW_SECONDS = minutes(15) / 1000;
/** How many times the per-login allowance all addresses together may spend on one login. */
const GLOBAL_LOGIN_FACTOR = 10;
/** How long an address stays known for a login after a successful sign-in from it. */
const KNOWN_ADDRESS = days(30);
/** While the shared state cannot count attempts, every guarded form is refused for this long (ADR 022). */
const UNCOUNTED_WAIT_SECONDS = 60;

/**
 * Attempts on the auth forms, counted per client address (IPv6 by its /64), per login from that address, and
 * per login from all addresses together (a wider cap). A spray from one address is stopped by the first,
 * guessing one account's password by the second, a distributed run against one account by the third. A client
 * that signed in to this login before (its device cookie, or its address) has a quota of its own that no
 * stranger can spend, so nobody can lock the owner out (OWASP's device cookies; ADR 009). The admin sign-in
 * shares the sign-in's budget. An attempt refused by the address limit is not charged to the login.
 * The counters live in the shared state (every instance spends the same budget); their keys are HMACs under a
 * key derived from the session secret, so no login or address can be read or recovered from them. When the state cannot count, the forms fail closed (ADR 022).
 */
export function createAuthLimits(
  config: Pick<Config, 'rateLimits'>,
  state: SharedState,
  log?: Logger,
  metrics?: Metrics,
) {
  const { perAddress, perLogin } = config.rateLimits;
  const byAddress = state.limiter('address', perAddress, WINDOW_SECONDS);
  const byLoginHere = state.limiter('login-here', perLogin, WINDOW_SECONDS);
  const byLogin = state.limiter('login', perLogin * GLOBAL_LOGIN_FACTOR, WINDOW_SECONDS);
  const byTrustedClient = state.limiter('trusted', perLogin, WINDOW_SECONDS);
  const budget = (form: GuardedForm) => (form === 'admin' ? 'login' : form);
  // Keyed (issue 25): an unkeyed hash of `login:10.0.0.1` is undone by hashing every address and likely e-mail.
  const hashed = (key: string) => createHmac('sha256', config.rateLimits.key).update(key).digest('base64url');
  const loginName = (form: GuardedForm, login: string) => `${budget(form)}:${normalLogin(login)}`;
  /**
   * `login@address`: an address that signed in to the login is known for it. The mark is named in full: the
   * shared state stores it as an HMAC under every session secret, so a rotation keeps it (ADR 022).
   */
  const knownName = (form: GuardedForm, login: string, net: string) => `${loginName(form, login)}@${net}`;
  const knownKey = (form: GuardedForm, login: string, net: string) => hashed(knownName(form, login, net));

  async function trustedKey(form: GuardedForm, address: string, login: string, device: string | null) {
    if (device) return hashed(`${loginName(form, login)}#${device}`);
    const net = rateLimitAddress(address);
    return (await state.marks.has(`known:${knownName(form, login, net)}`)) ? knownKey(form, login, net) : null;
  }

  return {
    /**
     * Counts one attempt. Returns null when allowed, or the seconds to wait before the next one. `device` is
     * the id of a device cookie issued to this login, when the client holds one.
     */
    async attempt(form: GuardedForm, address: string, login?: string, device: string | null = null) {
      try {
        const trusted = login ? await trustedKey(form, address, login, device) : null;
        if (trusted) {
          await byTrustedClient.consume(trusted);
          return null;
        }
        const net = rateLimitAddress(address);
        await byAddress.consume(hashed(`${budget(form)}:${net}`));
        if (login) {
          await byLoginHere.consume(knownKey(form, login, net));
          await byLogin.consume(hashed(loginName(form, login)));
        }
        return null;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          metrics?.rateLimitRefusal(form, 'limit');
          return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        }
        // An attempt nobody could count is refused: otherwise an outage would lift every limit at once.
        metrics?.rateLimitRefusal(form, 'unavailable');
        log?.warn({ err: { message: (outcome as Error)?.message } }, 'sign-in limits unavailable; attempt refused');
        return UNCOUNTED_WAIT_SECONDS;
      }
    },
    /**
     * A successful sign-in forgets the attempts counted against that login from that client, and makes the
     * address known for the login.
     */
    async forgive(form: GuardedForm, address: string, login: string, device: string | null = null) {
      const net = rateLimitAddress(address);
      const here = knownKey(form, login, net);
      await byLoginHere.delete(here);
      await byTrustedClient.delete(here);
      if (device) await byTrustedClient.delete(hashed(`${loginName(form, login)}#${device}`));
      await state.marks.set(`known:${knownName(form, login, net)}`, KNOWN_ADDRESS);
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

const plurals = new Intl.PluralRules('ru-RU');

/** «Слишком много попыток…» with the wait in whole minutes, Russian plural. */
export function tooManyAttemptsMessage(waitSeconds: number): string {
  const n = Math.max(1, Math.ceil(waitSeconds / 60));
  const forms = { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' } as const;
  const word = forms[plurals.select(n) as keyof typeof forms] ?? 'минут';
  return `Слишком много попыток. Повторите через ${n} ${word}.`;
}
