import { findEvent, issueCode, listUserParticipations } from '../db/dictation';
import { sendMail } from '../db/outbox';
import type { Db } from '../db/open';
import { invitationMessage } from './invitation-mail';
import { submissionMessage } from './submission-mail';

/**
 * The letters that waited for the account's first confirmed address (ADR 215), sent when it is confirmed:
 * for each dictation still open to write and not handed in, its personal link (a new one: the code is stored
 * hashed, so the link made at registration cannot be read back; both work); for each one handed in whose results
 * are not out yet, the «Диктант сдан» receipt. Answers to questions and support requests are not sent again: they
 * stand in the cabinet. Each letter goes through the mailer's caps like any other.
 */
export function mailWaitingLetters(
  db: Db,
  user: { id: number; email: string },
  portalOrigin: string,
  now: number,
): number {
  let sent = 0;
  for (const row of listUserParticipations(db, user.id)) {
    const event = findEvent(db, row.event_id)!;
    if (row.finished_at === null && now < event.writing_closes_at) {
      const link = `${new URL(portalOrigin).origin}/dictation/${issueCode(db, row.id, now, user.email)}`;
      const letter = { ...invitationMessage(user.email, event, link), kind: 'invitation' as const, userId: user.id };
      if (sendMail(db, letter, now)) sent += 1;
    } else if (row.finished_at !== null && now < event.results_at) {
      const letter = { ...submissionMessage(user.email, event, row), kind: 'receipt' as const, userId: user.id };
      if (sendMail(db, letter, now)) sent += 1;
    }
  }
  return sent;
}
