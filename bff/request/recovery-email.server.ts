import { z } from 'zod';
import type { Config } from '../config.server';
import type { RequestSession } from '../session/session.server';
import { minutes } from '#shared/time';

/** How long the second step remembers the address: longer than anyone waits for a recovery code. */
const LIFETIME = minutes(30);
const schema = z.object({ email: z.string().email() });

/**
 * The address of a password recovery between its two steps, in a sealed cookie rather than in the URL, written
 * by the request's cookie writer with the response's other cookies.
 */
export function recoveryEmail(context: { config: Pick<Config, 'session'>; session: Pick<RequestSession, 'note'> }) {
  const note = context.session.note(context.config.session.recoveryCookie, schema, LIFETIME);
  return {
    /** Remembers `email` for the second step. */
    remember: (email: string) => note.remember({ email }),
    /** The remembered address, or null when there is none (or it expired, or was tampered with). */
    read: async () => (await note.read())?.email ?? null,
    /** Forgets the address once the recovery is done. */
    forget: () => note.forget(),
  };
}
