import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream } from '../testing';

const QUESTION = 'Можно ли подать на конкурс урок, проведённый в рамках внеурочной деятельности?';

describe('tenderQuestionCheck and putTenderQuestion', () => {
  it('lets a teacher ask once, then reports the question as sent', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const auth = { token: token.authToken };
    expect((await up.call('tenderQuestionCheck', auth)).envelope.result).toEqual({
      canAsk: true,
      reason: null,
      question: null,
    });

    const sent = await up.call('putTenderQuestion', { ...auth, body: { text: `  ${QUESTION} ` } });
    const question = { text: QUESTION, sentAt: new Date(up.clock.time).toISOString() };
    expect(sent.envelope.result).toEqual(question);
    expect((await up.call('tenderQuestionCheck', auth)).envelope.result).toEqual({
      canAsk: false,
      reason: 'already_asked',
      question,
    });

    const again = await up.call('putTenderQuestion', { ...auth, body: { text: 'Ещё один вопрос по конкурсу' } });
    expect(again.status).toBe(409);
    expect(again.envelope.errors[0]?.code).toBe('already_asked');
    expect(up.count('tender_questions')).toBe(1);
  });

  it('does not take questions from the portal’s staff', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login(DEMO_USERS.admin);
    const auth = { token: token.authToken };
    expect((await up.call('tenderQuestionCheck', auth)).envelope.result).toMatchObject({
      canAsk: false,
      reason: 'not_allowed',
    });
    expect((await up.call('putTenderQuestion', { ...auth, body: { text: QUESTION } })).status).toBe(403);
  });

  it('refuses a question too short to answer', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const short = await up.call('putTenderQuestion', { token: token.authToken, body: { text: 'Как?' } });
    expect(short.status).toBe(400);
    expect(short.envelope.errors[0]).toMatchObject({ field: 'text' });
  });
});
