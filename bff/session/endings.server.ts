import type { Logger } from '../log.server';
import type { SessionRecords } from '../state/shared-state';

/** How often records an outage kept back are tried again, and how many are kept at most. */
const RETRY_EVERY_MS = 1_000;
const MAX_PENDING = 10_000;

/**
 * What the portal records when sessions end or a user's data changes, on every instance.
 * Each record is written after the upstream has done its part (the logout, the new password, the change), so a
 * record that cannot be written does not fail the request: the user still gets the outcome they asked for.
 * A session end that cannot be written is reported to the caller (the page says so, in Russian) and kept in this
 * process, written again every second and before any session's standing is read, until the shared state takes
 * it (ADR 087): once Redis is back, no instance answers a copy of the ended session for long.
 */
export function createSessionEndings(records: SessionRecords, log: Logger) {
  /** Session ends not written yet, oldest first. */
  const pending: { what: string; write: () => Promise<void> }[] = [];
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
          await pending[0]!.write();
          log.warn(`${pending[0]!.what} recorded after an outage`);
          pending.shift();
        }
        clearInterval(timer);
        timer = undefined;
      } finally {
        flushing = undefined;
      }
    })());
  }

  /** A session end: true once recorded; false when it could not be, and is kept to be written later. */
  async function ending(what: string, write: () => Promise<void>): Promise<boolean> {
    // Earlier ends first: a later record never overtakes one kept back.
    await flush().catch(() => {});
    const written = pending.length === 0 && (await attempt(what, write)).ok;
    if (written) return true;
    if (pending.length >= MAX_PENDING) pending.shift();
    pending.push({ what, write });
    timer ??= setInterval(() => void flush().catch(() => {}), RETRY_EVERY_MS);
    timer.unref?.();
    return false;
  }

  return {
    /**
     * A logout: these tokens and session ids are refused from now on (a session id ends every cookie minted from
     * that sign-in). False when the record is kept back for an outage.
     */
    loggedOut: (refused: (string | null)[]) =>
      ending('logout', () => records.revoke([...new Set(refused.filter((value) => value !== null))])),
    /** A password change: the user's sessions issued until now are over (the one signed in next is not). */
    passwordChanged: (userId: number) => {
      const at = Date.now();
      return ending('password change', () => records.endBefore(userId, at));
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
        await ending('password recovery', () => records.endBefore(found.value!, at));
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
