import type { Config } from '../config.server';
import type { Logger } from '../log.server';
import type { Send } from '../rest/client.server';
import type { CallResult } from '#contract';
import { isUpstreamError } from '../rest/errors.server';
import type { SharedState, Standing } from '../state/shared-state';
import { hours } from '#shared/time';
import type { CookieWriter, RefreshCookie } from './cookie-writer.server';

/** How stale the refresh cookie's last-seen time may get before a request writes it anew. */
const SEEN_PRECISION = hours(1);

type Refreshed = CallResult<'refresh'>;
const NO_STANDING: Standing = { revoked: new Set(), endedBefore: new Map(), generation: new Map() };
type Limits = Pick<Config['session'], 'idleMs' | 'maxAgeMs'>;

/** A request's session once its cookies are read. */
export interface SessionState {
  userId: number;
  authToken: string;
  /** The refresh token, when the request holds one of this user. */
  refreshToken: string | null;
  /** The auth token comes from a refresh of this very request: a 401 on it is not renewed again. */
  refreshed: boolean;
  /** The generation of the user's cached reads, as read with the session's standing; null when not read. */
  generation: number | null;
  /** The session's id, carried by every cookie minted from its sign-in. */
  sessionId: string;
}

/** The shared state could not say whether the session still stands: the request is refused, cookies kept. */
export class SessionStateUnavailable extends Error {
  override name = 'SessionStateUnavailable';
}

/** What the resolver needs of the request session it works for. */
export interface ResolvingSession {
  writer: CookieWriter;
  signal?: AbortSignal;
  /** The refresh token found in the cookies, before anything is asked of the upstream. */
  holds(refreshToken: string | null): void;
}

/**
 * Turns a request's cookies into its session: unseal → limits, revocation and ended sessions
 * (one read of the shared state, before anything can be answered from a cache) → refresh, shared with every
 * request holding the same refresh token (on every instance). A one-time pass is no part of it: only
 * «Войти» on `/login/pass` exchanges one.
 */
export function createResolver(deps: {
  send: Send;
  log: Logger;
  state: SharedState;
  limits: Limits;
  /** Writes the session records an outage kept back, before the standing is read. */
  beforeStanding?: () => Promise<void>;
}) {
  const { send, log, limits } = deps;
  const { refreshes, sessions } = deps.state;

  /** A new auth token, or null when the upstream refused the refresh token: the session is over. */
  async function refresh(token: string, signal?: AbortSignal, refusedAuthToken?: string): Promise<Refreshed | null> {
    try {
      return await refreshes.run(
        token,
        () => send('refresh', { query: { token, type: 'prolong' }, signal }),
        (reused) => reused.token.authToken === refusedAuthToken,
      );
    } catch (error) {
      // 401 or a rejection is definitive; no status or a 5xx is not, and surfaces as the 504/5xx page.
      if (isUpstreamError(error) && (error.failure === 'unauthorized' || error.failure === 'rejected')) {
        log.info({ failure: error.failure }, 'refresh refused; signing out');
        return null;
      }
      throw error;
    }
  }

  /**
   * A refresh cookie past the idle or absolute limit, revoked by a logout (its token or its session), or older
   * than a password change, is over.
   */
  function isUsable(cookie: RefreshCookie, now: number, standing: Standing) {
    return (
      now - cookie.seen < limits.idleMs &&
      now - cookie.since < limits.maxAgeMs &&
      !standing.revoked.has(cookie.rt) &&
      !standing.revoked.has(cookie.sid) &&
      cookie.since >= (standing.endedBefore.get(cookie.uid) ?? 0)
    );
  }

  /**
   * Revocations, ended sessions and cache generations of these cookies' tokens, sessions and users, in one read.
   * A session id is revoked like a token (the same record).
   */
  async function standingOf(...cookies: ({ uid: number; token: string; sid: string } | null)[]): Promise<Standing> {
    const held = cookies.filter((cookie) => cookie !== null);
    try {
      // Session ends kept back are written first once the state answers; while it does not, this instance still
      // refuses them (the state holds what it was asked to record), and the read decides.
      await deps.beforeStanding?.().catch(() => {});
      return await sessions.standing(
        [...new Set(held.map((cookie) => cookie.token))],
        [...new Set(held.map((cookie) => cookie.uid))],
        [...new Set(held.map((cookie) => cookie.sid))],
      );
    } catch (error) {
      // One error line per outage comes from the client; each refused request is a warning.
      log.warn({ err: { message: (error as Error).message } }, 'session standing unavailable; request refused');
      throw new SessionStateUnavailable();
    }
  }

  /** The session of one request. */
  function forRequest(session: ResolvingSession) {
    const { writer, signal } = session;

    async function resolve(): Promise<SessionState | null> {
      const { auth, refreshed } = await writer.read();
      const now = Date.now();
      // A visitor without session cookies needs no shared state: public pages answer during a Redis outage.
      const standing =
        auth || refreshed
          ? await standingOf(
              auth && { uid: auth.uid, token: auth.at, sid: auth.sid },
              refreshed && { uid: refreshed.uid, token: refreshed.rt, sid: refreshed.sid },
            )
          : NO_STANDING;
      const authEnded =
        auth &&
        (standing.revoked.has(auth.at) ||
          standing.revoked.has(auth.sid) ||
          auth.iat < (standing.endedBefore.get(auth.uid) ?? 0));
      if ((refreshed && !isUsable(refreshed, now, standing)) || authEnded) {
        log.info('session past its limits or revoked; signing out');
        writer.clear();
        return null;
      }
      const refreshToken = refreshed && (!auth || refreshed.uid === auth.uid) ? refreshed.rt : null;
      session.holds(refreshToken);
      if (refreshed && refreshToken && now - refreshed.seen >= SEEN_PRECISION)
        await writer.touchRefresh(refreshed, now);
      if (auth) {
        writer.markPersonal();
        const generation = standing.generation.get(auth.uid) ?? 0;
        return {
          userId: auth.uid,
          authToken: auth.at,
          refreshToken,
          refreshed: false,
          generation,
          sessionId: auth.sid,
        };
      }
      if (!refreshed) {
        if (writer.sentSession) writer.clear();
        return null;
      }
      writer.markPersonal();
      const result = await refresh(refreshed.rt, signal);
      if (!result || result.id !== refreshed.uid) {
        writer.clear();
        return null;
      }
      // The new auth cookie belongs to the session of the refresh cookie: one logout ends both.
      await writer.writeAuth(result.id, result.token.authToken, refreshed.sid);
      const { authToken } = result.token;
      const generation = standing.generation.get(result.id) ?? 0;
      const sessionId = refreshed.sid;
      return { userId: result.id, authToken, refreshToken: refreshed.rt, refreshed: true, generation, sessionId };
    }

    return { resolve };
  }

  return {
    forRequest,
    refresh,
    /** Drops a shared refresh, so no other request reuses it (after a logout, say). */
    forget: (refreshToken: string) => refreshes.forget(refreshToken),
  };
}

export type Resolver = ReturnType<typeof createResolver>;
