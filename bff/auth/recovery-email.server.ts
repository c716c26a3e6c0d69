import { parse, serialize } from 'cookie';
import { z } from 'zod';
import type { Config } from '../config.server';
import { createSealer } from '../session/seal.server';
import { minutes } from '../time';

/** How long the second step remembers the address: longer than anyone waits for a recovery code. */
const LIFETIME = minutes(30);
const payload = z.object({ email: z.string().email() });

/**
 * The address of a password recovery between its two steps. It lives in a sealed, httpOnly cookie rather than
 * in the URL, where it would reach access logs, the browser's history and the Referer header.
 */
export function recoveryEmail(config: Pick<Config, 'session'>) {
  const { recoveryCookie: name, secrets, secure } = config.session;
  const sealer = createSealer(secrets);
  const attributes = { httpOnly: true, secure, sameSite: 'lax', path: '/' } as const;

  return {
    /** The `Set-Cookie` value that remembers `email` for the second step. */
    async remember(email: string): Promise<string> {
      const sealed = await sealer.seal({ email }, LIFETIME);
      return serialize(name, sealed, { ...attributes, maxAge: LIFETIME / 1000 });
    },
    /** The remembered address, or null when there is none (or it expired, or was tampered with). */
    async read(request: Request): Promise<string | null> {
      const cookies = parse(request.headers.get('Cookie') ?? '');
      return (await sealer.unseal(cookies[name], payload))?.email ?? null;
    },
    /** The `Set-Cookie` value that forgets the address once the recovery is done. */
    forget(): string {
      return serialize(name, '', { ...attributes, maxAge: 0, expires: new Date(0) });
    },
  };
}
