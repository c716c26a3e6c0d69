import { createHash } from 'node:crypto';
import * as Iron from 'iron-webcrypto';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { seconds } from '#shared/time';

/** Seals already verified, remembered by their exact text: a browser sends the same cookie with every request. */
const VERIFIED_SEALS = 10_000;

/**
 * Seals cookie payloads with iron (AES-256-CBC + HMAC-SHA-256, expiry inside the seal). The newest secret
 * seals; every secret in the list unseals, so a secret can be rotated in without logging everyone out.
 *
 * Unsealing derives two keys (PBKDF2), checks the HMAC and decrypts: about a twentieth of a signed-in page's CPU
 * time. A seal is immutable text, so one verified before gives the same payload again; only its expiry
 * is checked again, as iron would. Any other text, a tampered copy included, is verified in full.
 */
export function createSealer(secrets: readonly string[]) {
  const [newest, ...rest] = secrets.map((secret) => ({ id: keyId(secret), secret }));
  if (!newest) throw new Error('at least one session secret is required');
  const all = Object.fromEntries([newest, ...rest].map(({ id, secret }) => [id, secret]));
  const verified = new LRUCache<string, { payload: unknown; expiration: number }>({ max: VERIFIED_SEALS });

  async function open(sealed: string): Promise<unknown> {
    const known = verified.get(sealed);
    if (known) {
      if (known.expiration > Date.now() - seconds(Iron.defaults.timestampSkewSec)) return known.payload;
      verified.delete(sealed);
      return null;
    }
    const payload = await Iron.unseal(sealed, all, Iron.defaults);
    // The sixth field is the expiry in milliseconds, which iron has just checked; empty means none.
    verified.set(sealed, { payload, expiration: Number(sealed.split('*')[5]) || Infinity });
    return payload;
  }

  return {
    seal(value: unknown, ttlMs: number): Promise<string> {
      return Iron.seal(value, newest, { ...Iron.defaults, ttl: ttlMs });
    },
    /** The payload, or null when the seal is missing, forged, tampered with, expired or of the wrong shape. */
    async unseal<T>(sealed: string | undefined, schema: z.ZodType<T>): Promise<T | null> {
      if (!sealed) return null;
      try {
        const parsed = schema.safeParse(await open(sealed));
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
