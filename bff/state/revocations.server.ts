import { createHash } from 'node:crypto';

/**
 * Sessions this portal ended without the upstream hearing of it (its logout call failed, or only a refresh
 * token was held): their tokens are refused here until they could no longer be used anyway.
 * Only SHA-256 hashes are kept, never a token; the oldest record gives way when `maxEntries` is reached.
 */
export function createRevocations(options: { keepMs: number; maxEntries?: number }) {
  const { keepMs, maxEntries = 100_000 } = options;
  // A Map iterates in insertion order, and every record lives equally long: the first is always the oldest.
  const until = new Map<string, number>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

  function purge(now: number) {
    for (const [key, expiresAt] of until) {
      if (expiresAt > now && until.size < maxEntries) break;
      until.delete(key);
    }
  }

  return {
    /** Refuses these tokens from now on (null entries, for a token the session did not hold, are skipped). */
    revoke(...tokens: (string | null | undefined)[]) {
      const now = Date.now();
      purge(now);
      for (const token of tokens) {
        if (!token) continue;
        const key = keyOf(token);
        until.delete(key);
        until.set(key, now + keepMs);
      }
    },
    isRevoked(token: string | null | undefined): boolean {
      if (!token) return false;
      const expiresAt = until.get(keyOf(token));
      return expiresAt !== undefined && expiresAt > Date.now();
    },
    get size() {
      return until.size;
    },
  };
}

export type Revocations = ReturnType<typeof createRevocations>;
