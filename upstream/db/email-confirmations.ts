import { randomToken, sha256 } from '../crypto';
import { days, hours } from '#shared/time';
import { retireMailedLinks } from './mailed-links';
import type { Db } from './open';

/** How long a confirmation link works: a long weekend away from the mailbox. */
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

/** What a used confirmation link did. */
export interface Confirmed {
  userId: number;
  /** The address now confirmed, the account's sign-in address from now on. */
  email: string;
  /** The address it replaced, when the link confirmed a change of a confirmed address; else null. */
  replaced: string | null;
  /** Whether the account had no confirmed address before: mail that waited for one may go now. */
  firstConfirmation: boolean;
}

/**
 * Uses the token up and confirms its address, in one transaction: what it did, once, for a live token; null for
 * an unknown, used or expired one. A link for the account's own address confirms it; a link for another address
 * (a change asked for while the address was confirmed) makes that address the account's, unless another
 * account took it meanwhile (then null too).
 */
export function consumeConfirmation(db: Db, token: string, now: number): Confirmed | null {
  return db.transaction((): Confirmed | null => {
    const row = db
      .prepare(
        `UPDATE email_confirmations SET used_at = ?
         WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
         RETURNING user_id AS userId, email`,
      )
      .get(now, sha256(token), now) as { userId: number; email: string } | undefined;
    if (!row) return null;
    const user = db.prepare('SELECT email, email_confirmed_at FROM users WHERE id = ?').get(row.userId) as
      { email: string; email_confirmed_at: number | null } | undefined;
    if (!user) return null;
    const firstConfirmation = user.email_confirmed_at === null;
    if (user.email.toLowerCase() === row.email.toLowerCase()) {
      db.prepare('UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE id = ?').run(
        now,
        row.userId,
      );
      return { userId: row.userId, email: user.email, replaced: null, firstConfirmation };
    }
    // Links for an address other than the account's are only made for a change of a confirmed one.
    const taken = db.prepare('SELECT 1 FROM users WHERE email = ? AND id <> ?').get(row.email, row.userId);
    if (taken) return null;
    db.prepare('UPDATE users SET email = ?, email_confirmed_at = ?, updated_at = ? WHERE id = ?').run(
      row.email,
      now,
      now,
      row.userId,
    );
    // What was mailed to the former address (a recovery code, a pass) acts for the account no more.
    retireMailedLinks(db, row.userId, now);
    return { userId: row.userId, email: row.email, replaced: user.email, firstConfirmation };
  })();
}

/**
 * The new address of a change still waiting for its link: the newest live link's address when it is not
 * the account's own; else null.
 */
export function pendingEmail(db: Db, userId: number, now: number): string | null {
  const row = db
    .prepare(
      `SELECT c.email FROM email_confirmations c JOIN users u ON u.id = c.user_id
       WHERE c.user_id = ? AND c.used_at IS NULL AND c.expires_at > ? AND c.email <> u.email
       ORDER BY c.created_at DESC LIMIT 1`,
    )
    .get(userId, now) as { email: string } | undefined;
  return row?.email ?? null;
}

/** A password changed or recovered calls off a change still waiting (ADR 214): its link stops working. */
export function cancelPendingChange(db: Db, userId: number, now: number): void {
  db.prepare(
    `UPDATE email_confirmations SET used_at = ?
     WHERE user_id = ? AND used_at IS NULL AND email <> (SELECT email FROM users WHERE id = ?)`,
  ).run(now, userId, userId);
}

/** Address changes asked for in 24 hours per account: a typo fixed twice, and room to spare. */
export const EMAIL_CHANGES_PER_DAY = 5;

/** Milliseconds until the account may ask for another change (0: now), by `EMAIL_CHANGES_PER_DAY`. */
export function emailChangeWait(db: Db, userId: number, now: number): number {
  const since = now - days(1);
  const times = db.column(
    'SELECT created_at FROM email_change_requests WHERE user_id = ? AND created_at > ? ORDER BY created_at',
    userId,
    since,
  ) as number[];
  if (times.length < EMAIL_CHANGES_PER_DAY) return 0;
  return Math.max(1, times[times.length - EMAIL_CHANGES_PER_DAY]! + days(1) - now);
}

export function recordEmailChange(db: Db, userId: number, now: number): void {
  db.prepare('INSERT INTO email_change_requests (user_id, created_at) VALUES (?, ?)').run(userId, now);
}

/**
 * Receiving a code or a link at the address proves it too (a completed recovery, a pass): true when the
 * account had no confirmed address before (its waiting mail may go now).
 */
export function markEmailConfirmed(db: Db, userId: number, now: number): boolean {
  const first = db
    .prepare('UPDATE users SET email_confirmed_at = ? WHERE id = ? AND email_confirmed_at IS NULL')
    .run(now, userId);
  db.prepare('UPDATE email_confirmations SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
  return Number(first.changes) > 0;
}
