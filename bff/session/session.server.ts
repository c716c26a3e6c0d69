import { createHash, randomBytes } from 'node:crypto';
import { parse as parseCookies, serialize, type CookieSerializeOptions } from 'cookie';
import { z } from 'zod';
import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import type { Send } from '../rest/client.server';
import { contract, type CallName, type CallResult } from '#contract';
import { isUpstreamError, toErrorPage, UpstreamError } from '../rest/errors.server';
import { days, hours, seconds } from '../time';
import { createRevocations, type Revocations } from './revocations.server';
import { createSealer } from './seal.server';
import { createSingleFlight } from './single-flight.server';

/** docs/product.md §9: the session countdown (68 hours) and the refresh cookie's lifetime (1 year). */
export const SESSION_COUNTDOWN = hours(68);
export const REFRESH_COOKIE_LIFETIME = days(365);
/** Browsers drop a cookie longer than this silently; the user would loop at the login (RFC 6265 §6.1). */
const MAX_COOKIE_BYTES = 4096;
const TOO_LARGE =
  'Не удалось сохранить вход в этом браузере: сервер выдал слишком длинный ключ сеанса. Сообщите в поддержку.';

/** How long a refreshed auth token is shared with other requests holding the same refresh token. */
const REFRESH_REUSE = seconds(30);
/** How stale the refresh cookie's last-seen time may get before a request writes it anew (ADR 008). */
const SEEN_PRECISION = hours(1);

const authCookie = z.object({ uid: z.number().int().positive(), at: z.string().min(1), iat: z.number() });
/** `since`: the sign-in; `seen`: the last request, to within SEEN_PRECISION (ADR 008). */
const refreshCookie = z.object({
  uid: z.number().int().positive(),
  rt: z.string().min(1),
  since: z.number(),
  seen: z.number(),
});
type RefreshCookie = z.infer<typeof refreshCookie>;
/** A browser that signed in to the login hashed as `lh` (ADR 009); `id` tells devices apart. */
const deviceCookie = z.object({ lh: z.string().min(1), id: z.string().min(1) });
const DEVICE_COOKIE_LIFETIME = days(365);
const loginHash = (login: string) => createHash('sha256').update(login.trim().toLowerCase()).digest('base64url');

interface State {
  userId: number;
  authToken: string;
  refreshToken: string | null;
}

type Refreshed = CallResult<'refresh'>;

/**
 * The session store: one per process, holding only the single-flight map. `forRequest` gives each request its
 * own RequestSession, which reads the two sealed cookies, refreshes when needed and collects cookie changes.
 */
export function createSessionStore(deps: {
  config: Pick<Config, 'session'>;
  send: Send;
  log: Logger;
  revocations?: Revocations;
}) {
  const { secrets, authCookie: authName, refreshCookie: refreshName, deviceCookie: deviceName } = deps.config.session;
  const { secure, idleMs, maxAgeMs } = deps.config.session;
  const sealer = createSealer(secrets);
  const refreshes = createSingleFlight<Refreshed>(REFRESH_REUSE);
  // A revoked token is useless after the longest a session can last, so no record needs to outlive that.
  const revocations = deps.revocations ?? createRevocations({ keepMs: maxAgeMs });
  const attributes: CookieSerializeOptions = { httpOnly: true, secure, sameSite: 'lax', path: '/' };

  /**
   * `pass` is the one-time login pass from the URL of a page load: docs/product.md §4 exchanges it for a session when no
   * auth token is held.
   */
  function forRequest(request: { cookieHeader?: string; pass?: string | null; signal?: AbortSignal }) {
    const { signal } = request;
    const cookies = parseCookies(request.cookieHeader ?? '');
    let passOutcome: 'accepted' | 'rejected' | null = null;
    const changes = new Map<string, string>();
    let state: Promise<State | null> | undefined;
    let refreshedThisRequest = false;
    /** The one renewal of this request, shared by every call its refused auth token failed (ADR 008). */
    let renewal: { refused: string; token: Promise<string | null> } | undefined;
    let ended = false;
    let personal = false;
    /** The refresh token this request knows of, from its cookie or its sign-in. */
    let refreshToken: string | null = null;
    /** The session's start, for the absolute limit (ADR 008). */
    let since = Date.now();

    async function refresh(token: string, refusedAuthToken?: string): Promise<Refreshed | null> {
      refreshedThisRequest = true;
      try {
        return await refreshes.run(
          token,
          () => deps.send('refresh', { query: { token, type: 'prolong' }, signal }),
          (reused) => reused.token.authToken === refusedAuthToken,
        );
      } catch (error) {
        // 401 or a rejection is definitive; no status or a 5xx is not, and surfaces as the 408/5xx page.
        if (isUpstreamError(error) && (error.failure === 'unauthorized' || error.failure === 'rejected')) {
          deps.log.info({ failure: error.failure }, 'refresh refused; signing out');
          return null;
        }
        throw error;
      }
    }

    async function setAuthCookie(userId: number, authToken: string) {
      const ttl = Math.min(SESSION_COUNTDOWN, since + maxAgeMs - Date.now());
      const sealed = await sealer.seal({ uid: userId, at: authToken, iat: Date.now() }, ttl);
      if (ended) return;
      changes.set(authName, serialize(authName, sealed, { ...attributes, maxAge: Math.floor(ttl / 1000) }));
    }

    async function setRefreshCookie(value: RefreshCookie) {
      const ttl = Math.min(REFRESH_COOKIE_LIFETIME, value.since + maxAgeMs - value.seen);
      const sealed = await sealer.seal(value, ttl);
      changes.set(refreshName, serialize(refreshName, sealed, { ...attributes, maxAge: Math.floor(ttl / 1000) }));
    }

    /** A refresh cookie past the idle or absolute limit, or revoked by a logout the upstream missed, is over. */
    function isUsable(cookie: RefreshCookie | null, now: number): cookie is RefreshCookie {
      return (
        cookie !== null &&
        now - cookie.seen < idleMs &&
        now - cookie.since < maxAgeMs &&
        !revocations.isRevoked(cookie.rt)
      );
    }

    let held: Promise<{ auth: z.infer<typeof authCookie> | null; refreshed: RefreshCookie | null }> | undefined;
    /** The two cookies as sealed, without asking the upstream anything. */
    const readCookies = () =>
      (held ??= Promise.all([
        sealer.unseal(cookies[authName], authCookie),
        sealer.unseal(cookies[refreshName], refreshCookie),
      ]).then(([auth, refreshed]) => ({ auth, refreshed })));

    function clearCookies() {
      for (const name of [authName, refreshName]) {
        if (cookies[name] !== undefined || changes.has(name)) {
          changes.set(name, serialize(name, '', { ...attributes, maxAge: 0, expires: new Date(0) }));
        }
      }
      personal = true;
    }

    async function resolve(): Promise<State | null> {
      const { auth, refreshed } = await readCookies();
      const now = Date.now();
      if ((refreshed && !isUsable(refreshed, now)) || (auth && revocations.isRevoked(auth.at))) {
        deps.log.info('session past its limits or revoked; signing out');
        clearCookies();
        return null;
      }
      refreshToken = refreshed && (!auth || refreshed.uid === auth.uid) ? refreshed.rt : null;
      if (refreshed) since = refreshed.since;
      if (refreshed && refreshToken && now - refreshed.seen >= SEEN_PRECISION) {
        await setRefreshCookie({ ...refreshed, seen: now });
      }
      if (auth) {
        personal = true;
        return { userId: auth.uid, authToken: auth.at, refreshToken };
      }
      // docs/product.md §4.1: only when no token is held. A refresh cookie is one: a pass link (perhaps someone else's,
      // sent from another site) must never replace the session a visitor already has.
      if (request.pass && !refreshed) {
        const signedIn = await exchangePass(request.pass);
        if (signedIn) return signedIn;
      }
      if (!refreshed) {
        if (cookies[authName] !== undefined || cookies[refreshName] !== undefined) clearCookies();
        return null;
      }
      personal = true;
      const result = await refresh(refreshed.rt);
      if (!result || result.id !== refreshed.uid) {
        clearCookies();
        return null;
      }
      await setAuthCookie(result.id, result.token.authToken);
      return { userId: result.id, authToken: result.token.authToken, refreshToken: refreshed.rt };
    }

    async function exchangePass(pass: string): Promise<State | null> {
      // A pass no upstream could have issued (too long, say) is not valid: the "link not valid" path, no call.
      if (!contract.pass.body.safeParse({ pass }).success) {
        passOutcome = 'rejected';
        return null;
      }
      try {
        const result = await deps.send('pass', { body: { pass }, signal });
        passOutcome = 'accepted';
        await signIn(result, 'pass');
        return { userId: result.id, authToken: result.token.authToken, refreshToken: result.token.refreshToken };
      } catch (error) {
        if (!isUpstreamError(error) || error.failure !== 'rejected') throw error;
        passOutcome = 'rejected';
        return null;
      }
    }

    /** A cookie the browser would drop is refused here, logged, and the sign-in fails with a clear message. */
    function requireFits(name: string, call: CallName) {
      const bytes = Buffer.byteLength(changes.get(name) ?? '');
      if (bytes <= MAX_COOKIE_BYTES) return;
      changes.delete(authName);
      changes.delete(refreshName);
      deps.log.error({ cookie: name, bytes }, 'sealed session cookie too large for browsers; sign-in refused');
      throw new UpstreamError('rejected', call, null, [{ code: 'cookie_too_large', message: TOO_LARGE }]);
    }

    async function signIn(result: CallResult<'login'>, call: CallName = 'login') {
      const { id, token } = result;
      ended = false;
      // The session this one replaces (before a password change, say) must not lend its refresh to anyone.
      if (refreshToken && refreshToken !== token.refreshToken) refreshes.forget(refreshToken);
      refreshToken = token.refreshToken;
      since = Date.now();
      await setAuthCookie(id, token.authToken);
      await setRefreshCookie({ uid: id, rt: token.refreshToken, since, seen: since });
      requireFits(authName, call);
      requireFits(refreshName, call);
      refreshedThisRequest = false;
      renewal = undefined;
      personal = true;
    }

    async function renewOnce(s: State, refused: string): Promise<string | null> {
      const result = await refresh(s.refreshToken!, refused);
      if (!result || result.id !== s.userId || ended) return null;
      await setAuthCookie(result.id, result.token.authToken);
      state = Promise.resolve({ ...s, authToken: result.token.authToken });
      return result.token.authToken;
    }

    function signOut() {
      // A refresh shared moments ago must not outlive the session it belonged to.
      if (refreshToken) refreshes.forget(refreshToken);
      ended = true;
      clearCookies();
      state = Promise.resolve(null);
    }

    // An upstream that cannot refresh or exchange right now is the page's 408/5xx, not a signed-out user.
    const current = () =>
      (state ??= resolve().catch((error: unknown) => {
        throw isUpstreamError(error) ? toErrorPage(error) : error;
      }));

    return {
      /** The signed-in user, refreshing the auth token first when only the refresh cookie is left. */
      async user(): Promise<{ id: number } | null> {
        const s = await current();
        return s ? { id: s.userId } : null;
      },
      /** The auth token for upstream calls. Server-only: never hand it to a response. */
      async authToken(): Promise<string | null> {
        return (await current())?.authToken ?? null;
      },
      /**
       * After the upstream refused `refusedToken` (401): a new auth token, or null when the session is over.
       * Refreshes at most once per request; calls refused together all wait for that one renewal.
       */
      async renew(refusedToken: string): Promise<string | null> {
        const s = await current();
        if (!s) return null;
        if (renewal?.refused === refusedToken) return renewal.token;
        if (s.authToken !== refusedToken) return s.authToken;
        if (refreshedThisRequest || renewal || !s.refreshToken) return null;
        // Set before anything is awaited, so a second caller refused at the same moment finds it.
        renewal = { refused: refusedToken, token: renewOnce(s, refusedToken) };
        return renewal.token;
      },
      /** Stores a login result's tokens in the two cookies. */
      async signIn(result: CallResult<'login'>) {
        await signIn(result);
        const { id, token } = result;
        state = Promise.resolve({ userId: id, authToken: token.authToken, refreshToken: token.refreshToken });
      },
      /** The id of this browser's device cookie, when it was issued for `login` (ADR 009). */
      async deviceFor(login: string): Promise<string | null> {
        const device = await sealer.unseal(cookies[deviceName], deviceCookie);
        return device && device.lh === loginHash(login) ? device.id : null;
      },
      /** After a successful sign-in: marks this browser as one `login` signs in from. */
      async trustDevice(login: string) {
        const value = { lh: loginHash(login), id: randomBytes(16).toString('base64url') };
        const sealed = await sealer.seal(value, DEVICE_COOKIE_LIFETIME);
        const maxAge = DEVICE_COOKIE_LIFETIME / 1000;
        changes.set(deviceName, serialize(deviceName, sealed, { ...attributes, maxAge }));
      },
      /** What became of the URL's one-time pass, once the session is resolved. */
      async passOutcome() {
        await current();
        return passOutcome;
      },
      signOut,
      /**
       * Logout (docs/product.md §4.5): tells the upstream when an auth token is held, and clears the cookies whatever
       * happens. Never refreshes first. A session the upstream could not be told about is refused by this
       * portal from now on (ADR 008).
       */
      async logOut() {
        const { auth, refreshed } = await readCookies();
        const current = state ? await state.catch(() => null) : null;
        const authToken = current?.authToken ?? auth?.at ?? null;
        const heldRefresh = current?.refreshToken ?? refreshed?.rt ?? null;
        let told = false;
        if (authToken) {
          try {
            await deps.send('logout', { query: { debug: 'Y' }, token: authToken, signal });
            told = true;
          } catch (error) {
            const failure = isUpstreamError(error) ? error.failure : 'error';
            deps.log.warn({ failure }, 'upstream logout failed; the portal refuses the session itself');
          }
        }
        if (!told) revocations.revoke(authToken, heldRefresh);
        refreshToken ??= heldRefresh;
        signOut();
      },
      /** Set-Cookie values for this response (written once, when the headers go out). */
      setCookieHeaders(): string[] {
        return [...changes.values()];
      },
      /** True when the response depends on who asked: it must not be stored by any shared cache. */
      get personal() {
        return personal;
      },
    };
  }

  return { forRequest };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
export type RequestSession = ReturnType<SessionStore['forRequest']>;
