import { parse, serialize } from 'cookie';
import type { z } from 'zod';
import type { Config } from '../config.server';
import { createSealer } from '../session/seal.server';

/**
 * A short-lived note between two requests of one visitor, kept in a sealed, httpOnly cookie rather than in the
 * URL, where it would reach access logs, the browser's history and the Referer header: a recovery's address
 * between its two steps, a pass link's pass until «Войти» (ADR 036).
 */
export function sealedCookie<T>(
  config: Pick<Config, 'session'>,
  options: { name: string; schema: z.ZodType<T>; lifetimeMs: number },
) {
  const { name, schema, lifetimeMs } = options;
  const sealer = createSealer(config.session.secrets);
  const attributes = { httpOnly: true, secure: config.session.secure, sameSite: 'lax', path: '/' } as const;

  return {
    /** The `Set-Cookie` value that remembers `value` for `lifetimeMs`. */
    async remember(value: T): Promise<string> {
      const sealed = await sealer.seal(value, lifetimeMs);
      return serialize(name, sealed, { ...attributes, maxAge: lifetimeMs / 1000 });
    },
    /** The remembered value, or null when there is none (or it expired, or was tampered with). */
    async read(request: Request): Promise<T | null> {
      const cookies = parse(request.headers.get('Cookie') ?? '');
      return sealer.unseal(cookies[name], schema);
    },
    /** The `Set-Cookie` value that forgets it once it is used. */
    forget(): string {
      return serialize(name, '', { ...attributes, maxAge: 0, expires: new Date(0) });
    },
  };
}
