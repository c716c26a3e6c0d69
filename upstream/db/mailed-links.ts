import type { Db } from './open';

/**
 * Everything the upstream mailed that acts for the account — a recovery code, a pass, a confirmation link, a
 * dictation's personal link — is bound to the address it was mailed to and works only while that is the account's
 * address (issue 44). When the address changes (an unconfirmed one replaced, a confirmed one switched by its link),
 * all of them stop working here, at once, so a mailbox the account no longer names acts for it no more. The
 * dictation links the cabinet shows are not mailed and stay.
 */
export function retireMailedLinks(db: Db, userId: number, now: number): void {
  db.prepare('UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
  db.prepare('UPDATE passes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
  db.prepare('UPDATE email_confirmations SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
  db.prepare(
    `DELETE FROM dictation_invitations WHERE email IS NOT NULL
     AND participation_id IN (SELECT id FROM dictation_participations WHERE user_id = ?)`,
  ).run(userId);
}
