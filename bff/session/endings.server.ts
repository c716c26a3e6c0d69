import type { Logger } from '../log.server';
import type { SessionRecords } from '../state/shared-state';

/**
 * What the portal records when sessions end or a user's data changes (ADR 008, ADR 022), on every instance.
 * Each record is written after the upstream has done its part (the logout, the new password, the change), so a
 * record that cannot be written is logged and the request goes on: the user still gets the outcome they asked for.
 */
export function createSessionEndings(records: SessionRecords, log: Logger) {
  async function record<T>(what: string, write: () => Promise<T>): Promise<T | null> {
    try {
      return await write();
    } catch (error) {
      log.error({ err: { message: (error as Error).message } }, `${what} not recorded: shared state unavailable`);
      return null;
    }
  }

  return {
    /** A logout: these tokens are refused from now on. */
    loggedOut: (tokens: (string | null)[]) =>
      record('logout', () => records.revoke(tokens.filter((token) => token !== null))),
    /** A password change: the user's sessions issued until now are over (the one signed in next is not). */
    passwordChanged: (userId: number) => record('password change', () => records.endBefore(userId, Date.now())),
    /** A password recovery by e-mail: the sessions of the user who signs in with `login` are over. */
    passwordRecovered: (login: string) =>
      record('password recovery', async () => {
        const userId = await records.userOfLogin(login);
        if (userId !== null) await records.endBefore(userId, Date.now());
      }),
    /** A sign-in with `login`: remembered, for a later recovery by that e-mail. */
    signedIn: (login: string, userId: number) => record('sign-in', () => records.linkLogin(login, userId)),
    /** A change by the user: the new generation of their cached reads, or null when it could not be moved on. */
    changed: (userId: number) => record('cache generation', () => records.changed(userId)),
  };
}
