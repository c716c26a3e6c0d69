import { randomSixDigitCode, safeEqualHex, sha256 } from '../crypto';
import { minutes } from '#shared/time';
import type { Db } from './open';

export const RECOVERY_CODE_LIFETIME_MS = minutes(30);
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;

/**
 * A six-digit code is guessable offline from its hash whatever the hash; what protects it is the short life and
 * the attempt limit. Hashing only keeps live codes out of plain sight in the table.
 * Asking for a new code retires the previous ones, so a user has one code and one attempt budget at a time.
 * The code is bound to `email`, the address it is mailed to: it works only while that is the account's address,
 * and a change of address retires it (`retireMailedLinks`).
 */
export function createRecoveryCode(db: Db, user: { id: number; email: string }, now: number): string {
  const code = randomSixDigitCode();
  db.transaction(() => {
    db.prepare('UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, user.id);
    db.prepare(
      'INSERT INTO recovery_codes (user_id, email, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    ).run(user.id, user.email, sha256(code), now, now + RECOVERY_CODE_LIFETIME_MS);
  })();
  return code;
}

/**
 * True once for the right code mailed to the account's present address; every wrong guess uses up one attempt of
 * the live code.
 */
export function redeemRecoveryCode(db: Db, userId: number, code: string, now: number): boolean {
  return db.transaction(() => {
    const live = db
      .prepare(
        `SELECT c.id, c.code_hash AS codeHash FROM recovery_codes c JOIN users u ON u.id = c.user_id
         WHERE c.user_id = ? AND c.used_at IS NULL AND c.expires_at > ? AND c.attempts < ? AND c.email = u.email
         ORDER BY c.id DESC LIMIT 1`,
      )
      .get(userId, now, RECOVERY_CODE_MAX_ATTEMPTS) as { id: number; codeHash: string } | undefined;
    if (!live) return false;
    if (!safeEqualHex(sha256(code), live.codeHash)) {
      db.prepare('UPDATE recovery_codes SET attempts = attempts + 1 WHERE id = ?').run(live.id);
      return false;
    }
    db.prepare('UPDATE recovery_codes SET used_at = ? WHERE id = ?').run(now, live.id);
    return true;
  })();
}
