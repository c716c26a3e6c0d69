import { parse as parseCookies, serialize, type CookieSerializeOptions } from 'cookie';
import { z } from 'zod';
import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import type { Send } from '../rest/client.server';
import type { CallResult } from '#contract';
import { isUpstreamError, toErrorPage } from '../rest/errors.server';
import { days, hours, seconds } from '../time';
import { createSealer } from './seal.server';
import { createSingleFlight } from './single-flight.server';

/** docs/product.md §9: the session countdown (68 hours) and the refresh cookie's lifetime (1 year). */
export const SESSION_COUNTDOWN = hours(68);
export const REFRESH_COOKIE_LIFETIME = days(365);
/** How long a refreshed auth token is shared with other requests holding the same refresh token. */
const REFRESH_REUSE = seconds(30);

const authCookie = z.object({ uid: z.number().int().positive(), at: z.string().min(1), iat: z.number() });
const refreshCookie = z.object({ uid: z.number().int().positive(), rt: z.string().min(1) });

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
export function createSessionStore(deps: { config: Pick<Config, 'session'>; send: Send; log: Logger }) {
  const { secrets, authCookie: authName, refreshCookie: refreshName, secure } = deps.config.session;
  const sealer = createSealer(secrets);
  const refreshes = createSingleFlight<Refreshed>(REFRESH_REUSE);
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
    let personal = false;
    /** The refresh token this request knows of, from its cookie or its sign-in. */
    let refreshToken: string | null = null;

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
      const sealed = await sealer.seal({ uid: userId, at: authToken, iat: Date.now() }, SESSION_COUNTDOWN);
      changes.set(authName, serialize(authName, sealed, { ...attributes, maxAge: SESSION_COUNTDOWN / 1000 }));
    }

    function clearCookies() {
      for (const name of [authName, refreshName]) {
        if (cookies[name] !== undefined || changes.has(name)) {
          changes.set(name, serialize(name, '', { ...attributes, maxAge: 0, expires: new Date(0) }));
        }
      }
      personal = true;
    }

    async function resolve(): Promise<State | null> {
      const [auth, refreshed] = await Promise.all([
        sealer.unseal(cookies[authName], authCookie),
        sealer.unseal(cookies[refreshName], refreshCookie),
      ]);
      refreshToken = refreshed && (!auth || refreshed.uid === auth.uid) ? refreshed.rt : null;
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
      try {
        const result = await deps.send('pass', { body: { pass }, signal });
        passOutcome = 'accepted';
        await signIn(result);
        return { userId: result.id, authToken: result.token.authToken, refreshToken: result.token.refreshToken };
      } catch (error) {
        if (!isUpstreamError(error) || error.failure !== 'rejected') throw error;
        passOutcome = 'rejected';
        return null;
      }
    }

    async function signIn(result: CallResult<'login'>) {
      const { id, token } = result;
      refreshToken = token.refreshToken;
      const sealedRefresh = await sealer.seal({ uid: id, rt: token.refreshToken }, REFRESH_COOKIE_LIFETIME);
      await setAuthCookie(id, token.authToken);
      changes.set(
        refreshName,
        serialize(refreshName, sealedRefresh, { ...attributes, maxAge: REFRESH_COOKIE_LIFETIME / 1000 }),
      );
      refreshedThisRequest = false;
      personal = true;
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
       * Refreshes at most once per request.
       */
      async renew(refusedToken: string): Promise<string | null> {
        const s = await current();
        if (!s) return null;
        if (s.authToken !== refusedToken) return s.authToken;
        if (refreshedThisRequest || !s.refreshToken) return null;
        const result = await refresh(s.refreshToken, refusedToken);
        if (!result || result.id !== s.userId) return null;
        await setAuthCookie(result.id, result.token.authToken);
        state = Promise.resolve({ ...s, authToken: result.token.authToken });
        return result.token.authToken;
      },
      /** Stores a login result's tokens in the two cookies. */
      async signIn(result: CallResult<'login'>) {
        await signIn(result);
        const { id, token } = result;
        state = Promise.resolve({ userId: id, authToken: token.authToken, refreshToken: token.refreshToken });
      },
      /** What became of the URL's one-time pass, once the session is resolved. */
      async passOutcome() {
        await current();
        return passOutcome;
      },
      signOut() {
        // A refresh shared moments ago must not outlive the session it belonged to.
        if (refreshToken) refreshes.forget(refreshToken);
        clearCookies();
        state = Promise.resolve(null);
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
