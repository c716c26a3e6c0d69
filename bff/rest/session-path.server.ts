import { redirect } from '@remix-run/node';
import type { SessionPort } from './session-port';

/** What an attempt came to: its value, or what it threw. */
export type Settled<T> = { value: T } | { error: unknown };

const settle = <T>(work: Promise<T>): Promise<Settled<T>> =>
  work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

function unwrap<T>(settled: Settled<T>): T {
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/**
 * The one session-aware path to the upstream, for its /rest calls and its files alike: the session's
 * auth token on the attempt; on a refusal (401) one renewal — shared by every call of the request —
 * and the attempt once more; a session that cannot renew, or whose renewed token is refused too, is signed out
 * (both cookies cleared) and the visitor sent to `/`. The token goes only into the attempt, never into what
 * is thrown.
 */
export function sessionPath(session: SessionPort) {
  function signedOut(): Response {
    session.signOut();
    return redirect('/');
  }

  return {
    signedOut,
    /**
     * Runs `attempt` with the session's token (null without one; `required` signs a session-less visitor out
     * before anything is sent). `refused` tells a 401 from every other outcome; without a token there is
     * nothing to renew, and the outcome is the answer.
     */
    async run<T>(
      auth: 'required' | 'optional',
      attempt: (token: string | null) => Promise<T>,
      refused: (outcome: Settled<T>) => boolean | Promise<boolean>,
    ): Promise<T> {
      const token = await session.authToken();
      if (!token && auth === 'required') throw signedOut();
      const first = await settle(attempt(token));
      if (!token || !(await refused(first))) return unwrap(first);
      const renewed = await session.renew(token);
      if (!renewed) throw signedOut();
      const second = await settle(attempt(renewed));
      if (await refused(second)) throw signedOut();
      return unwrap(second);
    },
  };
}
