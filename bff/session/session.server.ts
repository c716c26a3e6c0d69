import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import type { Send } from '../rest/client.server';
import type { CallResult } from '#contract';
import { data } from '@remix-run/node';
import { isUpstreamError, toErrorPage, UpstreamError } from '../rest/errors.server';
import { createMemoryState } from '../state/memory-state.server';
import type { SharedState } from '../state/shared-state';
import { createCookieWriter } from './cookie-writer.server';
import { createSessionEndings } from './endings.server';
import { createResolver, SessionStateUnavailable, type SessionState } from './resolver.server';
import { createSealer } from './seal.server';
import { SESSION_UNCHECKED } from '#shared/session';

/** The countdown the page shows while a user is signed in (docs/product.md §9): the auth cookie's lifetime. */
export { SESSION_COUNTDOWN } from './cookie-writer.server';

const TOO_LARGE =
  'Не удалось сохранить вход в этом браузере: сервер выдал слишком длинный ключ сеанса. Сообщите в поддержку.';

/**
 * The session store: one per process. `forRequest` gives each request its own session, composed of the
 * request's cookie writer and the resolver that turns those cookies into a signed-in user.
 */
export function createSessionStore(deps: {
  config: Pick<Config, 'session'>;
  send: Send;
  log: Logger;
  /** The process's shared state (bff/state); a memory one of its own when absent (unit tests). */
  state?: SharedState;
}) {
  const settings = deps.config.session;
  const sealer = createSealer(settings.secrets);
  const state = deps.state ?? createMemoryState({ keepMs: settings.maxAgeMs });
  const endings = createSessionEndings(state.sessions, deps.log);
  const resolver = createResolver({
    send: deps.send,
    log: deps.log,
    state,
    limits: settings,
    beforeStanding: endings.flush,
  });

  function forRequest(request: { cookieHeader?: string; signal?: AbortSignal }) {
    const { signal } = request;
    const writer = createCookieWriter(sealer, settings, request.cookieHeader);
    let session: Promise<SessionState | null> | undefined;
    /** The one renewal of this request, shared by every call its refused auth token failed. */
    let renewal: { refused: string; token: Promise<string | null> } | undefined;
    /** The refresh token this request knows of, from its cookie or its sign-in. */
    let refreshToken: string | null = null;

    /**
     * Both cookies for a login result. A cookie the browser would drop is refused here, logged, and the sign-in
     * fails with a clear message, as a rejection of the login (the form shows it).
     */
    async function signIn(result: CallResult<'login'>): Promise<string> {
      // The session this one replaces (before a password change, say) must not lend its refresh to anyone.
      if (refreshToken && refreshToken !== result.token.refreshToken) await resolver.forget(refreshToken);
      refreshToken = result.token.refreshToken;
      const sessionId = await writer.signIn(result);
      renewal = undefined;
      const tooLarge = writer.dropOversized();
      if (tooLarge) {
        deps.log.error(tooLarge, 'sealed session cookie too large for browsers; sign-in refused');
        throw new UpstreamError('rejected', 'login', null, [{ code: 'cookie_too_large', message: TOO_LARGE }]);
      }
      return sessionId;
    }

    const holds = (held: string | null) => (refreshToken = held);
    const resolution = resolver.forRequest({ writer, signal, holds });
    // An upstream that cannot refresh or exchange right now is the page's 504/5xx, not a signed-out user; nor is
    // a shared state that cannot say whether the session stands: 503, the cookies kept for when it can.
    const current = () =>
      (session ??= resolution.resolve().catch((error: unknown) => {
        if (error instanceof SessionStateUnavailable) throw data({ message: SESSION_UNCHECKED }, { status: 503 });
        throw isUpstreamError(error) ? toErrorPage(error) : error;
      }));

    async function renewOnce(s: SessionState, refused: string): Promise<string | null> {
      const result = await resolver.refresh(s.refreshToken!, signal, refused);
      if (!result || result.id !== s.userId || writer.ended) return null;
      await writer.writeAuth(result.id, result.token.authToken, s.sessionId);
      session = Promise.resolve({ ...s, authToken: result.token.authToken });
      return result.token.authToken;
    }

    /**
     * The upstream's logout with the auth token in hand; failing that (none held, or refused), with one the refresh
     * token is exchanged for. Never throws: a logout never fails for the upstream.
     */
    async function tellUpstream(authToken: string | null, heldRefresh: string | null): Promise<boolean> {
      const logout = async (token: string) => {
        try {
          await deps.send('logout', { query: { debug: 'Y' }, token, signal });
          return true;
        } catch (error) {
          deps.log.warn({ failure: isUpstreamError(error) ? error.failure : 'error' }, 'upstream logout failed');
          return false;
        }
      };
      if (authToken && (await logout(authToken))) return true;
      if (!heldRefresh) return false;
      try {
        const fresh = await deps.send('refresh', { query: { token: heldRefresh, type: 'prolong' }, signal });
        return await logout(fresh.token.authToken);
      } catch (error) {
        deps.log.info({ failure: isUpstreamError(error) ? error.failure : 'error' }, 'no token to log out with');
        return false;
      }
    }

    function signOut() {
      // A refresh shared moments ago must not outlive the session it belonged to (forget never rejects).
      if (refreshToken) void resolver.forget(refreshToken);
      writer.end();
      session = Promise.resolve(null);
    }

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
        if (s.refreshed || renewal || !s.refreshToken) return null;
        // Set before anything is awaited, so a second caller refused at the same moment finds it.
        renewal = { refused: refusedToken, token: renewOnce(s, refusedToken) };
        return renewal.token;
      },
      /** Stores a login result's tokens in the two cookies. */
      async signIn(result: CallResult<'login'>) {
        const sessionId = await signIn(result);
        const { authToken, refreshToken } = result.token;
        session = Promise.resolve({
          userId: result.id,
          authToken,
          refreshToken,
          refreshed: false,
          generation: null,
          sessionId,
        });
      },
      /** The id of this browser's device cookie, when it was issued for `login`. */
      deviceFor: (login: string) => writer.deviceFor(login),
      /** After a successful sign-in: marks this browser as one `login` signs in from. */
      trustDevice: (login: string) => writer.trustDevice(login),
      /** The id the sign-in limits count this browser's failures by, kept in a cookie or new. */
      browser: () => writer.browser(),
      /** Gives this browser the id its failure was counted by, when it had none. */
      keepBrowser: (id: string) => writer.keepBrowser(id),
      signOut,
      /**
       * Logout (docs/product.md §4.5): ends the session by its id — every cookie minted from its sign-in, a
       * thief's refreshed copy too — and by the tokens in hand, on every instance; tells the upstream with the
       * auth token held, or, when there is none or the upstream refused it, with one asked for with the refresh
       * token; and clears the cookies whatever happens. `confirmed` is false when the shared
       * state could not record the end (the record is kept and written once it can be): the page says so.
       */
      async logOut(): Promise<{ confirmed: boolean }> {
        const { auth, refreshed } = await writer.read();
        const resolved = session ? await session.catch(() => null) : null;
        const authToken = resolved?.authToken ?? auth?.at ?? null;
        const heldRefresh = resolved?.refreshToken ?? refreshed?.rt ?? null;
        const told = await tellUpstream(authToken, heldRefresh);
        if (!told) deps.log.info('logout not acknowledged upstream; the portal refuses the session itself');
        // Acknowledged or not, the portal ends the session itself too: an upstream that forgot nothing still
        // leaves the user's reads in the caches of every instance.
        const sessionIds = [resolved?.sessionId, auth?.sid, refreshed?.sid].map((sid) => sid ?? null);
        const confirmed = await endings.loggedOut([authToken, heldRefresh, ...sessionIds]);
        refreshToken ??= heldRefresh;
        signOut();
        return { confirmed };
      },
      /**
       * After a password change: every session of the signed-in user issued until now is over, on every instance
       * (the one signed in next is not). False when that could not be recorded yet.
       */
      async endEarlierSessions(): Promise<boolean> {
        const s = await current();
        return s ? endings.passwordChanged(s.userId) : true;
      },
      /**
       * After a password recovery by e-mail: every session of the account is over — of `userId` when the provider
       * named it, else of the user who signs in with `login`.
       */
      endSessionsOfRecovery: (login: string, userId: number | null) => endings.passwordRecovered(login, userId),
      /** After a sign-in with `login`, or a change of address to it: remembers whose it is, for a later recovery. */
      async linkLogin(login: string) {
        const s = await current();
        if (s) await endings.signedIn(login, s.userId);
      },
      /** The user whose reads the read cache may answer, and their generation; null: not cacheable. */
      async readScope(): Promise<{ userId: number; generation: number } | null> {
        const s = await current();
        return s && s.generation !== null ? { userId: s.userId, generation: s.generation } : null;
      },
      /** After a change by the user: their cached reads are stale on every instance. */
      async changed() {
        const s = await current().catch(() => null);
        if (!s) return;
        // Until the new generation is known, this request reads past the cache.
        session = Promise.resolve({ ...s, generation: null });
        const generation = await endings.changed(s.userId);
        if (generation !== null) session = Promise.resolve({ ...s, generation });
      },
      /** A short-lived sealed note between two requests (a recovery's address, a pending pass), see the writer. */
      note: writer.note,
      /** Set-Cookie values for this response (written once, when the headers go out). */
      setCookieHeaders: () => writer.headers(),
      /** True when the response depends on who asked: it must not be stored by any shared cache. */
      get personal() {
        return writer.personal;
      },
    };
  }

  return { forRequest };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
export type RequestSession = ReturnType<SessionStore['forRequest']>;
