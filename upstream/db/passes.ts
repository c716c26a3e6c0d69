import { randomToken, sha256 } from '../crypto';
import { days } from '#shared/time';
import type { Db } from './open';

export const PASS_LIFETIME_MS = days(7);

/**
 * A sign-in link's pass for the account, bound to `email`, the address it is mailed to: it works only while that
 * is the account's address, and a change of address retires it (`retireMailedLinks`).
 */
export function createPass(
  db: Db,
  user: { id: number; email: string },
  now: number,
  lifetimeMs = PASS_LIFETIME_MS,
): string {
  const pass = randomToken();
  db.prepare('INSERT INTO passes (pass_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
    sha256(pass),
    user.id,
    user.email,
    now,
    now + lifetimeMs,
  );
  return pass;
}

/**
 * Marks the pass used and returns its user in one statement, so two concurrent exchanges of the same pass cannot
 * both succeed.
 */
export function consumePass(db: Db, pass: string, now: number): number | undefined {
  const row = db
    .prepare(
      `UPDATE passes SET used_at = ?
       WHERE pass_hash = ? AND used_at IS NULL AND expires_at > ?
         AND email = (SELECT email FROM users WHERE users.id = passes.user_id)
       RETURNING user_id AS userId`,
    )
    .get(now, sha256(pass), now) as { userId: number } | undefined;
  return row?.userId;
}
