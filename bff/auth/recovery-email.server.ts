import { z } from 'zod';
import type { Config } from '../config.server';
import { minutes } from '#shared/time';
import { sealedCookie } from './sealed-cookie.server';

/** How long the second step remembers the address: longer than anyone waits for a recovery code. */
const LIFETIME = minutes(30);
const schema = z.object({ email: z.string().email() });

/** The address of a password recovery between its two steps, in a sealed cookie rather than in the URL. */
export function recoveryEmail(config: Pick<Config, 'session'>) {
  const cookie = sealedCookie(config, { name: config.session.recoveryCookie, schema, lifetimeMs: LIFETIME });
  return {
    /** The `Set-Cookie` value that remembers `email` for the second step. */
    remember: (email: string) => cookie.remember({ email }),
    /** The remembered address, or null when there is none (or it expired, or was tampered with). */
    read: async (request: Request) => (await cookie.read(request))?.email ?? null,
    /** The `Set-Cookie` value that forgets the address once the recovery is done. */
    forget: () => cookie.forget(),
  };
}
