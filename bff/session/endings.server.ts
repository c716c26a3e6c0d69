import type { Logger } from '../log.server';
import type { SessionRecords } from '../state/shared-state';

/** How often records an outage kept back are tried again, and how many are kept at most. */
const RETRY_EVERY_MS = 1_000;
export const MAX_PENDING = 10_000;

/**
 * What the portal records when sessions end or a user's data changes, on every instance.
 * Each record is written after the upstream has done its part (the logout, the new password, the change), so a
 * record that cannot be written does not fail the request: the user still gets the outcome they asked for.
 * A session end that cannot be written is reported to the caller (the page says so, in Russian) and kept in this
 * process, written again every second and before any session's standing is read, until the shared state takes
 * it (ADR 212): once Redis is back, no instance answers a copy of the ended session for long.
 *
 * Nothing pushes a kept end out (issue 44, ADR 212): a logout with no session to end (no cookie, or none the
 * sealer opened) records nothing and is kept by no one; a logout of a session already kept back joins its record
 * instead of taking a place of its own, so replaying a copied cookie takes none; and once `MAX_PENDING` ends are
 * kept, a further one is not kept (its page says the end is not confirmed, as for any kept one) rather than
 * dropping one kept earlier. While Redis is away no sign-in gets through (the limits fail closed), so the kept
 * ends are bounded by the sessions that stood when it went.
 */
export function createSessionEndings(records: SessionRecords, log: Logger) {
  /**
   * Session ends not written yet, oldest first. A logout's holds its tokens and session ids (`refused`), which
   * later logouts of the same session join; it is written again if it grew while being written.
   */
  const pending: Pending[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> | undefined;

  async function attempt<T>(what: string, write: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      return { ok: true, value: await write() };
    } catch (error) {
      log.error({ err: { message: (error as Error).message } }, `${what} not recorded: shared state unavailable`);
      return { ok: false };
    }
  }

  /** Writes what is pending, in order; stops at the first failure (the state is still away). */
  function flush(): Promise<void> {
    if (pending.length === 0) return Promise.resolve();
    return (flushing ??= (async () => {
      try {
        while (pending.length > 0) {
          const first = pending[0]!;
          await first.write();
          if (first.refused && first.refused.size > first.written!) continue;
          log.warn(`${first.what} recorded after an outage`);
          pending.shift();
        }
        clearInterval(timer);
        timer = undefined;
      } finally {
        flushing = undefined;
      }
    })());
  }

  /**
   * A session end: true once recorded; false when it could not be, and is kept to be written later (or, with
   * `MAX_PENDING` kept already, not kept: it is said unconfirmed all the same).
   */
  async function ending(entry: Pending): Promise<boolean> {
    const { what, refused } = entry;
    // Earlier ends first: a later record never overtakes one kept back.
    await flush().catch(() => {});
    const written = pending.length === 0 && (await attempt(what, entry.write)).ok;
    if (written) return true;
    if (refused) {
      // The same session's logout kept already (a copied cookie replayed, say): its record takes these too.
      const same = pending.find((kept) => kept.refused && [...refused].some((value) => kept.refused!.has(value)));
      if (same) {
        for (const value of refused) same.refused!.add(value);
        return false;
      }
    }
    if (pending.length >= MAX_PENDING) {
      log.error(`${what} not kept: ${MAX_PENDING} session ends are kept back already`);
      return false;
    }
    pending.push(entry);
    timer ??= setInterval(() => void flush().catch(() => {}), RETRY_EVERY_MS);
    timer.unref?.();
    return false;
  }

  return {
    /**
     * A logout: these tokens and session ids are refused from now on (a session id ends every cookie minted from
     * that sign-in). False when the record is kept back for an outage.
     */
    loggedOut: async (refused: (string | null)[]) => {
      const values = new Set(refused.filter((value) => value !== null));
      // No session to end (a logout without cookies): nothing to record, nothing kept.
      if (values.size === 0) return true;
      const entry: Pending = {
        what: 'logout',
        refused: values,
        written: 0,
        async write() {
          const now = [...values];
          await records.revoke(now);
          entry.written = now.length;
        },
      };
      return ending(entry);
    },
    /** A password change: the user's sessions issued until now are over (the one signed in next is not). */
    passwordChanged: (userId: number) => {
      const at = Date.now();
      return ending({ what: 'password change', write: () => records.endBefore(userId, at) });
    },
    /**
     * A password recovery by e-mail: the sessions of the account are over. `userId`, when the provider names the
     * account, ends them whatever address each signed in with; without it, those of the user `login` was last
     * seen to belong to (a sign-in with it, or a change of address to it).
     */
    passwordRecovered: async (login: string, userId: number | null) => {
      const at = Date.now();
      const found =
        userId !== null
          ? { ok: true as const, value: userId }
          : await attempt('password recovery', () => records.userOfLogin(login));
      if (found.ok && found.value !== null)
        await ending({ what: 'password recovery', write: () => records.endBefore(found.value!, at) });
    },
    /** A sign-in with `login`, or a change of address to it: remembered, for a later recovery by that e-mail. */
    signedIn: async (login: string, userId: number) => {
      await attempt('sign-in', () => records.linkLogin(login, userId));
    },
    /** A change by the user: the new generation of their cached reads, or null when it could not be moved on. */
    changed: async (userId: number) => {
      const moved = await attempt('cache generation', () => records.changed(userId));
      return moved.ok ? moved.value : null;
    },
    /** Writes the session ends kept back; rejects while the shared state is still away. */
    flush,
  };
}

export type SessionEndings = ReturnType<typeof createSessionEndings>;

/** A session end kept back; a logout's carries the tokens and session ids it refuses, and how many were written. */
interface Pending {
  what: string;
  write: () => Promise<void>;
  refused?: Set<string>;
  written?: number;
}
