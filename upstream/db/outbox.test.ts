import { describe, expect, it } from 'vitest';
import { createTestUpstream } from '../testing';
import { days, hours, minutes } from '#shared/time';
import { DAILY_LETTERS_PER_RECIPIENT, listMessages, mailWait, sendMail, type MailKind } from './outbox';

const letter = (kind: MailKind, to = 'someone@example.org', userId?: number) => ({
  to,
  subject: 'Письмо',
  body: 'Текст',
  kind,
  ...(userId === undefined ? {} : { userId }),
});

describe('the mailer’s caps (ADR 215)', () => {
  it('sends one address at most 20 letters in 24 hours, of every kind together, whatever the case of the address', async () => {
    const { db, clock } = await createTestUpstream();
    let sent = 0;
    for (let i = 0; i < 30; i += 1) {
      if (sendMail(db, letter('reply', i % 2 ? 'Someone@Example.org' : 'someone@example.org'), clock.time)) sent += 1;
      clock.advance(minutes(1));
    }
    expect(sent).toBe(DAILY_LETTERS_PER_RECIPIENT);
    expect(listMessages(db, 'someone@example.org')).toHaveLength(20);
    // Another address is not held back by it.
    expect(sendMail(db, letter('reply', 'other@example.org'), clock.time)).toBe(true);
    // A day after the first letter, the next may go.
    clock.advance(days(1) - minutes(30));
    expect(mailWait(db, letter('invitation'), clock.time)).toBe(0);
  });

  it('makes a confirmation or a recovery code wait 0, 1, 2, 4… minutes per recipient and per account', async () => {
    const { db, clock } = await createTestUpstream();
    expect(sendMail(db, letter('confirmation', 'a@example.org', 7), clock.time)).toBe(true);
    expect(mailWait(db, letter('confirmation', 'a@example.org', 7), clock.time)).toBe(0);
    expect(sendMail(db, letter('confirmation', 'a@example.org', 7), clock.time)).toBe(true);
    expect(mailWait(db, letter('confirmation', 'a@example.org', 7), clock.time)).toBe(minutes(1));
    // The same account naming another address waits as long: the count is per account too.
    expect(mailWait(db, letter('confirmation', 'b@example.org', 7), clock.time)).toBe(minutes(1));
    // Another kind, or another account at another address, does not wait for it.
    expect(mailWait(db, letter('recovery', 'a@example.org', 7), clock.time)).toBe(0);
    expect(mailWait(db, letter('confirmation', 'c@example.org', 8), clock.time)).toBe(0);
    clock.advance(minutes(1));
    expect(sendMail(db, letter('confirmation', 'a@example.org', 7), clock.time)).toBe(true);
    expect(mailWait(db, letter('confirmation', 'a@example.org', 7), clock.time)).toBe(minutes(2));
    clock.advance(hours(25));
    expect(mailWait(db, letter('confirmation', 'a@example.org', 7), clock.time)).toBe(0);
  });
});
