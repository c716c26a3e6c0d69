import { describe, expect, it } from 'vitest';
import { consumeConfirmation, createConfirmation } from './email-confirmations';
import { createParticipation, findByCode, issueCode } from './dictation';
import { CURRENT_EVENT_ID } from '../seed/seed-dictation';
import { consumePass, createPass } from './passes';
import { createRecoveryCode, redeemRecoveryCode } from './recovery';
import { createUser, setEmail } from './users';
import { createTestUpstream } from '../testing';

/**
 * Issue 44, finding 1: what the upstream mails that acts for the account (a recovery code, a pass, a dictation's
 * personal link) works only while the account's address is the one it was mailed to, and stops working when
 * the address changes, however it changes.
 */
const NOW = 1_000_000;

async function account(email: string, confirmed: boolean) {
  const { db } = await createTestUpstream();
  const id = createUser(
    db,
    {
      email,
      passwordHash: 'x',
      role: 'participant',
      firstName: 'Мария',
      lastName: 'Орлова',
      emailConfirmed: confirmed,
    },
    NOW,
  )!;
  const participation = createParticipation(db, { eventId: CURRENT_EVENT_ID, userId: id, timeLimitMs: 1 }, NOW);
  const user = { id, email };
  const mailed = {
    code: createRecoveryCode(db, user, NOW),
    pass: createPass(db, user, NOW),
    dictation: issueCode(db, participation, NOW, email),
    cabinet: issueCode(db, participation, NOW),
  };
  const works = () => ({
    dictation: findByCode(db, mailed.dictation) !== undefined,
    cabinet: findByCode(db, mailed.cabinet) !== undefined,
    pass: consumePass(db, mailed.pass, NOW + 1) === id,
    code: redeemRecoveryCode(db, id, mailed.code, NOW + 1),
  });
  return { db, id, works };
}

describe('mailed codes and links follow the address, not the account', async () => {
  it('work while the address is the one they were mailed to', async () => {
    const { works } = await account('att@example.org', false);
    expect(works()).toEqual({ dictation: true, cabinet: true, pass: true, code: true });
  });

  it('stop working when an unconfirmed address is replaced, and do not work for the new one either', async () => {
    const { db, id, works } = await account('att@example.org', false);
    expect(setEmail(db, id, 'victim@example.org', NOW)).toBe(true);
    expect(works()).toEqual({ dictation: false, cabinet: true, pass: false, code: false });
    // Back to the first address: what was retired stays retired.
    expect(setEmail(db, id, 'att@example.org', NOW)).toBe(true);
    expect(works()).toEqual({ dictation: false, cabinet: true, pass: false, code: false });
  });

  it('stop working when a confirmed address is switched by the link mailed to the new one', async () => {
    const { db, id, works } = await account('old@example.org', true);
    const token = createConfirmation(db, id, 'new@example.org', NOW);
    expect(consumeConfirmation(db, token, NOW)).toMatchObject({ email: 'new@example.org' });
    expect(works()).toEqual({ dictation: false, cabinet: true, pass: false, code: false });
  });

  it('are bound to the address even where nothing retired them (written to the table by hand)', async () => {
    const { db, id, works } = await account('old@example.org', true);
    db.prepare('UPDATE users SET email = ? WHERE id = ?').run('moved@example.org', id);
    expect(works()).toEqual({ dictation: false, cabinet: true, pass: false, code: false });
  });
});
