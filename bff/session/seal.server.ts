import { createHash } from 'node:crypto';
import * as Iron from 'iron-webcrypto';
import type { z } from 'zod';

/**
 * Seals cookie payloads with iron (AES-256-CBC + HMAC-SHA-256, expiry inside the seal). The newest secret
 * seals; every secret in the list unseals, so a secret can be rotated in without logging everyone out.
 */
export function createSealer(secrets: readonly string[]) {
  const [newest, ...rest] = secrets.map((secret) => ({ id: keyId(secret), secret }));
  if (!newest) throw new Error('at least one session secret is required');
  const all = Object.fromEntries([newest, ...rest].map(({ id, secret }) => [id, secret]));

  return {
    seal(value: unknown, ttlMs: number): Promise<string> {
      return Iron.seal(value, newest, { ...Iron.defaults, ttl: ttlMs });
    },
    /** The payload, or null when the seal is missing, forged, tampered with, expired or of the wrong shape. */
    async unseal<T>(sealed: string | undefined, schema: z.ZodType<T>): Promise<T | null> {
      if (!sealed) return null;
      try {
        const parsed = schema.safeParse(await Iron.unseal(sealed, all, Iron.defaults));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;

function keyId(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 8);
}
