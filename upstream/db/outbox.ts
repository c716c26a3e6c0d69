import { plural } from '#shared/plural';
import { days, minutes } from '#shared/time';
import type { Db } from './open';

/** Mail the upstream would send; in the reference server it is only stored, and read back through the dev tools. */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

/**
 * What a letter is. A stranger can make the upstream send the first two to any address (a registration names it, a
 * recovery asks for it), so those wait longer with each one; the rest go to an account's confirmed address.
 */
export type MailKind = 'confirmation' | 'recovery' | 'invitation' | 'receipt' | 'reply' | 'other';

/** Letters one address receives in 24 hours, of every kind together (ADR 215). */
export const DAILY_LETTERS_PER_RECIPIENT = 20;
/** The wait after the second letter of a resent kind; it doubles with each further one in 24 hours (ADR 215). */
export const FIRST_RESEND_WAIT = minutes(1);
const RESENT: ReadonlySet<MailKind> = new Set(['confirmation', 'recovery']);
const DAY = days(1);

export interface Letter {
  to: string;
  subject: string;
  body: string;
  kind: MailKind;
  /** The account the letter is for, when there is one: its resends are counted together whatever the address. */
  userId?: number;
}

/**
 * The one place that decides whether a letter may go now: the milliseconds to wait, 0 when it may. Per
 * recipient at most `DAILY_LETTERS_PER_RECIPIENT` letters in 24 hours; a confirmation or a recovery code, per
 * recipient and per account, may follow the first of its kind at once (a letter that did not come is asked for
 * again right away), then waits `FIRST_RESEND_WAIT` after the second, twice that after the third, and so on
 * (about a dozen in a day at most).
 */
export function mailWait(db: Db, letter: Pick<Letter, 'to' | 'kind' | 'userId'>, now: number): number {
  const since = now - DAY;
  const toRecipient = db
    .prepare('SELECT created_at FROM outbox WHERE recipient = ? AND created_at > ? ORDER BY created_at')
    .all(letter.to, since) as Array<{ created_at: number }>;
  let wait = 0;
  if (toRecipient.length >= DAILY_LETTERS_PER_RECIPIENT) {
    wait = toRecipient[toRecipient.length - DAILY_LETTERS_PER_RECIPIENT]!.created_at + DAY - now;
  }
  if (!RESENT.has(letter.kind)) return Math.max(0, wait);
  const sameKind = db
    .prepare(
      `SELECT count(*) AS n, max(created_at) AS last FROM outbox
       WHERE kind = @kind AND created_at > @since AND (recipient = @to OR user_id = @userId)`,
    )
    .get({ kind: letter.kind, since, to: letter.to, userId: letter.userId ?? null }) as {
    n: number;
    last: number | null;
  };
  if (sameKind.n > 1 && sameKind.last !== null) {
    wait = Math.max(wait, sameKind.last + FIRST_RESEND_WAIT * 2 ** (sameKind.n - 2) - now);
  }
  return Math.max(0, wait);
}

/** Sends the letter when `mailWait` allows: true when it went, false when it was held back (nothing is kept). */
export function sendMail(db: Db, letter: Letter, now: number): boolean {
  if (mailWait(db, letter, now) > 0) return false;
  db.prepare('INSERT INTO outbox (recipient, subject, body, created_at, kind, user_id) VALUES (?, ?, ?, ?, ?, ?)').run(
    letter.to,
    letter.subject,
    letter.body,
    now,
    letter.kind,
    letter.userId ?? null,
  );
  return true;
}

/** The dev tools' letters (a sign-in link minted for a demo): stored as they are, no portal makes them. */
export function writeMessage(db: Db, message: { to: string; subject: string; body: string }, now: number): void {
  db.prepare('INSERT INTO outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)').run(
    message.to,
    message.subject,
    message.body,
    now,
  );
}

/** «Письмо уже отправлено…» with the wait in whole minutes, rounded up. */
export function resendWaitMessage(waitMs: number): string {
  const wait = plural(Math.max(1, Math.ceil(waitMs / minutes(1))), { one: 'минуту', few: 'минуты', many: 'минут' });
  return `Письмо уже отправлено. Следующее можно отправить через ${wait}.`;
}

export function listMessages(db: Db, to?: string): OutboxMessage[] {
  const rows = db
    .prepare(
      `SELECT id, recipient, subject, body, created_at FROM outbox
       WHERE @to IS NULL OR recipient = @to
       ORDER BY created_at DESC, id DESC`,
    )
    .all({ to: to ?? null }) as Array<{
    id: number;
    recipient: string;
    subject: string;
    body: string;
    created_at: number;
  }>;
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
