import { randomSixDigitCode, safeEqualHex, sha256 } from '../crypto';
import { minutes } from '#shared/time';
import type { Db } from './open';

export const RECOVERY_CODE_LIFETIME_MS = minutes(30);
export const RECOVERY_CODE_MAX_ATTEMPTS = 5;

/**
 * A six-digit code is guessable offline from its hash whatever the hash; what protects it is the short life and
 * the attempt limit. Hashing only keeps live codes out of plain sight in the table.
 * Asking for a new code retires the previous ones, so a user has one code and one attempt budget at a time.
 */
export function createRecoveryCode(db: Db, userId: number, now: number): string {
  const code = randomSixDigitCode();
  db.transaction(() => {
    db.prepare('UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
    db.prepare('INSERT INTO recovery_codes (user_id, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      userId,
      sha256(code),
      now,
      now + RECOVERY_CODE_LIFETIME_MS,
    );
  })();
  return code;
}

/** True once for the right code; every wrong guess uses up one attempt of the live code. */
export function redeemRecoveryCode(db: Db, userId: number, code: string, now: number): boolean {
  return db.transaction(() => {
    const live = db
      .prepare(
        `SELECT id, code_hash AS codeHash FROM recovery_codes
         WHERE user_id = ? AND used_at IS NULL AND expires_at > ? AND attempts < ?
         ORDER BY id DESC LIMIT 1`,
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
