import { randomToken, sha256 } from '../crypto';
import { hours } from '#shared/time';
import type { Db } from './open';

/** How long a confirmation link works (ADR 053): a long weekend away from the mailbox. */
export const CONFIRMATION_LIFETIME_MS = hours(72);

/**
 * A new confirmation link's token for the user's current address; the earlier ones stop working, so only the
 * newest letter's link confirms. Only the token's SHA-256 is stored.
 */
export function createConfirmation(db: Db, userId: number, email: string, now: number): string {
  const token = randomToken();
  db.transaction(() => {
    db.prepare('UPDATE email_confirmations SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
    db.prepare(
      'INSERT INTO email_confirmations (token_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    ).run(sha256(token), userId, email, now, now + CONFIRMATION_LIFETIME_MS);
  })();
  return token;
}

/**
 * Uses the token up and confirms its address, in one transaction: true once for a live token whose address is
 * still the account's; false for an unknown, used or expired one.
 */
export function consumeConfirmation(db: Db, token: string, now: number): boolean {
  return db.transaction(() => {
    const row = db
      .prepare(
        `UPDATE email_confirmations SET used_at = ?
         WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
         RETURNING user_id AS userId, email`,
      )
      .get(now, sha256(token), now) as { userId: number; email: string } | undefined;
    if (!row) return false;
    const confirmed = db
      .prepare('UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE id = ? AND email = ?')
      .run(now, row.userId, row.email);
    return confirmed.changes > 0;
  })();
}

/** Receiving a code or a link at the address proves it too (a completed recovery, a pass: ADR 053). */
export function markEmailConfirmed(db: Db, userId: number, now: number): void {
  db.prepare('UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE id = ?').run(now, userId);
  db.prepare('UPDATE email_confirmations SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
}
