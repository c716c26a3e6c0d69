import { createHmac } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import type { Metrics } from '../metrics.server';
import { normalLogin, type SharedState } from '../state/shared-state';
import { days, hours, minutes } from '#shared/time';
import { rateLimitAddress } from './client-address.server';

/**
 * `recovery` asks for a recovery code, `recovery-code` sets a password with it (one budget); `certificate-check`
 * is the public page of a certificate's code, counted per address like sign-in; `confirmation-mail` is
 * «Отправить письмо ещё раз» of an unconfirmed address, whose every letter counts, as recovery's do;
 * `email-change` is the address change of `/profile/email/change`: the current password is checked, and
 * every request counts.
 */
export type GuardedForm =
  | 'login'
  | 'registration'
  | 'recovery'
  | 'recovery-code'
  | 'admin'
  | 'password-change'
  | 'certificate-check'
  | 'confirmation-mail'
  | 'email-change'
  /** «Войти» of a one-time pass link: counted per address on the login's budget (issue 44). */
  | 'pass';

/**
 * What became of an attempt the limits let through: `failed` is what an attacker produces (a wrong password, an
 * unknown account, a wrong code), `unanswered` an upstream that said nothing about it (no answer, a 5xx).
 */
export type AttemptOutcome = 'succeeded' | 'failed' | 'unanswered';

export interface Attempt {
  /** null when allowed, or the seconds to wait before the next one. */
  wait: number | null;
  /**
   * Refused by the login's own budget of wrong passwords (not the address's, not an outage): a recovery by e-mail
   * lifts that lock (ADR 216), and the sign-in says so.
   */
  loginLocked?: boolean;
  /** Tells the limits how an allowed attempt went (nothing to do for a refused one); never throws. */
  settle(outcome: AttemptOutcome): Promise<void>;
}

const WINDOW_SECONDS = minutes(15) / 1000;
const REGISTRATION_WINDOW_SECONDS = hours(1) / 1000;
/** A spent per-address budget still lets one attempt through a minute: slowed down, not shut. */
const SLOWED_SECONDS = minutes(1) / 1000;
/** How many times the per-login allowance all addresses together may spend on one login. */
const GLOBAL_LOGIN_FACTOR = 10;
/** How long an address stays known for a login after a successful sign-in from it. */
const KNOWN_ADDRESS = days(30);
/**
 * A master class's player reports every 15 s of playback, and on a start, a pause and a leave: a dozen
 * a minute is more than a person makes; more is a script (issue 36, ADR 236).
 */
export const PROGRESS_REPORTS_PER_MINUTE = 12;
/**
 * A browser (its own id, `browser`) with this many failures on a form in 15 minutes is held: behind its address it
 * may use only `HELD_SHARE` of the address's window before it waits for the minute's attempt, and the rest stays
 * for the browsers behind that address that have not failed so (a class while one pupil sprays).
 */
export const HELD_AFTER_FAILURES = 3;
const HELD_SHARE = 1 / 3;
/** While the shared state cannot count attempts, every guarded form is refused for this long. */
const UNCOUNTED_WAIT_SECONDS = 60;

/** Where an attempt's point of an address's budget came from: its window, or the one a minute after it. */
type Lane = 'window' | 'slowed';

/**
 * A per-address budget: `points` per window, then one more a minute. A point is taken before the upstream is
 * asked (so a burst of concurrent requests cannot outrun the count) and given back, to the lane it came from,
 * when the attempt turns out to be one the budget does not count. `cap` (at most `points`) is how much of the
 * window the attempt may use: a held browser may not use the part kept for the others.
 */
function slowedBudget(state: SharedState, name: string, points: number, windowSeconds: number) {
  const window = state.limiter(name, points, windowSeconds);
  const slowed = state.limiter(`${name}-slowed`, 1, SLOWED_SECONDS);
  return {
    /** Rejects with a RateLimiterRes (the shorter of the two waits) when both are spent; then nothing is kept. */
    async take(key: string, cap = points): Promise<Lane> {
      let windowWait: number;
      try {
        const taken = await window.consume(key);
        if (taken.consumedPoints <= cap) return 'window';
        await window.reward(key);
        windowWait = taken.msBeforeNext;
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        await window.reward(key);
        windowWait = refused.msBeforeNext;
      }
      try {
        await slowed.consume(key);
        return 'slowed';
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        await slowed.reward(key);
        throw new RateLimiterRes(0, Math.min(windowWait, refused.msBeforeNext));
      }
    },
    /** Gives `points` back: the lane's own, and what is beyond it (a recovery request's point) to the window. */
    async giveBack(key: string, lane: Lane, points = 1) {
      if (lane === 'window') return void (await window.reward(key, points));
      await slowed.reward(key);
      if (points > 1) await window.reward(key, points - 1);
    },
  };
}

/**
 * Attempts on the auth forms (ADR 216). Per client address (IPv6 by its /64) each form has a budget of
 * failures — wrong passwords, unknown accounts, wrong codes, certificates that do not exist — not of attempts:
 * a class signing in together from a school's one address spends nothing, a spray of wrong passwords from one
 * address is slowed to one a minute after `perAddress`; a browser that failed `HELD_AFTER_FAILURES` times (counted by
 * an id of its own) is slowed after the first third of it, so one pupil spraying from his browser does not hold the
 * class behind the same address. Successful registrations have a budget of their own
 * per address (`registrationsPerAddress` an hour). Per login from that address, and per login from all
 * addresses together (a wider cap), every attempt counts: guessing one account's password stops there. A
 * client that signed in to this login before (its device cookie, or its address) has a quota of its own that no
 * stranger can spend, so nobody can lock the owner out (OWASP's device cookies). The admin sign-in
 * shares the sign-in's budget. An attempt refused by the address limit is not charged to the login.
 * The counters live in the shared state (every instance spends the same budget); their keys are HMACs under a
 * key derived from the session secret, so no login or address can be read or recovered from them. When the
 * state cannot count, the forms fail closed.
 */
export function createAuthLimits(
  config: Pick<Config, 'rateLimits'>,
  state: SharedState,
  log?: Logger,
  metrics?: Metrics,
) {
  const { perAddress, perLogin, registrationsPerAddress } = config.rateLimits;
  const failuresByAddress = slowedBudget(state, 'address', perAddress, WINDOW_SECONDS);
  const registrationsByAddress = slowedBudget(
    state,
    'registrations',
    registrationsPerAddress,
    REGISTRATION_WINDOW_SECONDS,
  );
  const byLoginHere = state.limiter('login-here', perLogin, WINDOW_SECONDS);
  const byLogin = state.limiter('login', perLogin * GLOBAL_LOGIN_FACTOR, WINDOW_SECONDS);
  const byTrustedClient = state.limiter('trusted', perLogin, WINDOW_SECONDS);
  const failuresByBrowser = state.limiter('browser', HELD_AFTER_FAILURES, WINDOW_SECONDS);
  const heldCap = Math.floor(perAddress * HELD_SHARE);
  const progressReports = state.limiter('progress-reports', PROGRESS_REPORTS_PER_MINUTE, minutes(1) / 1000);
  const budget = (form: GuardedForm) =>
    form === 'admin' || form === 'pass' ? 'login' : form === 'recovery-code' ? 'recovery' : form;
  // Keyed (issue 25): an unkeyed hash of `login:10.0.0.1` is undone by hashing every address and likely e-mail.
  const hashed = (key: string) => createHmac('sha256', config.rateLimits.key).update(key).digest('base64url');
  const loginName = (form: GuardedForm, login: string) => `${budget(form)}:${normalLogin(login)}`;
  /**
   * `login@address`: an address that signed in to the login is known for it. The mark is named in full: the
   * shared state stores it as an HMAC under every session secret, so a rotation keeps it.
   */
  const knownName = (form: GuardedForm, login: string, net: string) => `${loginName(form, login)}@${net}`;
  const knownKey = (form: GuardedForm, login: string, net: string) => hashed(knownName(form, login, net));
  const browserKey = (form: GuardedForm, browser: string) => hashed(`${budget(form)}#browser:${browser}`);

  /** Whether this browser failed `HELD_AFTER_FAILURES` times on the form's budget in the last 15 minutes. */
  async function held(form: GuardedForm, browser: string | null) {
    if (!browser) return false;
    return ((await failuresByBrowser.get(browserKey(form, browser)))?.consumedPoints ?? 0) >= HELD_AFTER_FAILURES;
  }

  async function trustedKey(form: GuardedForm, address: string, login: string, device: string | null) {
    if (device) return hashed(`${loginName(form, login)}#${device}`);
    const net = rateLimitAddress(address);
    return (await state.marks.has(`known:${knownName(form, login, net)}`)) ? knownKey(form, login, net) : null;
  }

  /**
   * What a settled attempt gives back of the address's points. A request for a recovery code is a failure
   * until a code is used: the upstream answers alike for addresses with and without an account (so the form
   * cannot probe for one), and so cannot tell the portal which it was; a used code gives back its request's
   * point too.
   */
  function refundOf(form: GuardedForm, outcome: AttemptOutcome) {
    if (outcome === 'unanswered') return { failures: 1, registrations: 1 };
    if (outcome === 'failed') return { failures: 0, registrations: 1 };
    const mailed = form === 'recovery' || form === 'confirmation-mail' || form === 'email-change';
    return { failures: mailed ? 0 : form === 'recovery-code' ? 2 : 1, registrations: 0 };
  }

  const nothingToSettle = async () => {};
  const refused = (wait: number, loginLocked = false): Attempt => ({ wait, loginLocked, settle: nothingToSettle });
  const allowed = (settle: Attempt['settle']): Attempt => ({ wait: null, settle });

  return {
    /**
     * Counts one attempt before the upstream is asked. `device` is the id of a device cookie issued to this
     * login, when the client holds one; `browser` the id this browser's attempts are counted by (its own cookie,
     * or the one a failure gives it), which its failures are added to. An allowed attempt must be
     * settled with its outcome.
     */
    async attempt(
      form: GuardedForm,
      address: string,
      login?: string,
      device: string | null = null,
      browser: string | null = null,
    ): Promise<Attempt> {
      const net = rateLimitAddress(address);
      const addressKey = hashed(`${budget(form)}:${net}`);
      const taken: { failures: Lane | null; registrations: Lane | null } = { failures: null, registrations: null };
      const giveBack = async (points: { failures: number; registrations: number }) => {
        if (taken.failures && points.failures > 0)
          await failuresByAddress.giveBack(addressKey, taken.failures, points.failures);
        if (taken.registrations && points.registrations > 0)
          await registrationsByAddress.giveBack(addressKey, taken.registrations);
      };
      /** Whose budget is being taken: a refusal by the login's own lanes is a lock a recovery lifts. */
      let lane: 'address' | 'login' = 'login';
      try {
        const trusted = login ? await trustedKey(form, address, login, device) : null;
        if (trusted) {
          await byTrustedClient.consume(trusted);
          return allowed(nothingToSettle);
        }
        lane = 'address';
        taken.failures = await failuresByAddress.take(addressKey, (await held(form, browser)) ? heldCap : perAddress);
        if (form === 'registration') taken.registrations = await registrationsByAddress.take(addressKey);
        if (login) {
          lane = 'login';
          await byLoginHere.consume(knownKey(form, login, net));
          await byLogin.consume(hashed(loginName(form, login)));
        }
        return allowed(async (outcome) => {
          try {
            await giveBack(refundOf(form, outcome));
            if (outcome === 'failed' && browser) await failuresByBrowser.penalty(browserKey(form, browser));
          } catch (error) {
            log?.warn({ err: { message: (error as Error)?.message } }, 'sign-in limits: a point not given back');
          }
        });
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          metrics?.rateLimitRefusal(form, 'limit');
          // Refused before the upstream was asked: neither a failure nor a registration.
          await giveBack({ failures: 1, registrations: 1 }).catch(() => {});
          return refused(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)), lane === 'login');
        }
        // An attempt nobody could count is refused: otherwise an outage would lift every limit at once.
        metrics?.rateLimitRefusal(form, 'unavailable');
        log?.warn({ err: { message: (outcome as Error)?.message } }, 'sign-in limits unavailable; attempt refused');
        return refused(UNCOUNTED_WAIT_SECONDS);
      }
    },
    /**
     * Counts one progress report of a master class's player for the account: null when it may pass, else the
     * seconds to wait (also while the shared state cannot count: the report is refused, nothing else is).
     */
    async progressReport(userId: number): Promise<number | null> {
      try {
        await progressReports.consume(hashed(`progress:user-${userId}`));
        return null;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
        log?.warn({ err: { message: (outcome as Error)?.message } }, 'progress limits unavailable; report refused');
        return UNCOUNTED_WAIT_SECONDS;
      }
    },
    /**
     * The address was proved — a recovery's code or a sign-in link came to it (issue 37): the login's
     * lock of wrong passwords is lifted for this client, as a sign-in lifts it, so the owner signs in with the new
     * password at once. The address's own count of failures (what slows a spray over many logins) and the count
     * of the login from every address together stay as they were.
     */
    async liftLock(address: string, login: string, device: string | null = null) {
      await this.forgive('login', address, login, device);
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

/** «Слишком много попыток…» with the wait (shared with the form's summary, which puts no «Исправьте ошибки» over it). */
export { tooManyAttemptsMessage } from '#shared/too-many-attempts';
