import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { updateAuthorQuestion } from '../db/author-questions';
import { DEMO_USERS } from '../seed/seed';
import { updateSupportRequest } from '../db/support';
import { createTestUpstream } from '../testing';

type Requests = CallResult<'supportList'>['requests'];

describe('unseenReplies and markRepliesSeen (ADR 235)', () => {
  it('count what staff changed for the user, flag it in the lists, and forget it once the page marks it seen', async () => {
    const up = await createTestUpstream();
    const token = (await up.login()).token.authToken;
    expect((await up.call('unseenReplies', { token })).envelope.result).toEqual({ authorQuestions: 0, support: 0 });

    updateSupportRequest(up.db, 2, { status: 'resolved', reply: 'Запись переложена.' }, up.clock.time);
    updateSupportRequest(up.db, 3, { status: 'in_work', reply: null }, up.clock.time);
    const questions = (await up.call('authorQuestionsList', { token })).envelope
      .result as CallResult<'authorQuestionsList'>;
    const open = questions.questions.find((q) => q.status !== 'answered')!;
    updateAuthorQuestion(up.db, open.id, { answer: { text: 'Ответ автора.', author: 'Автор' } }, up.clock.time);
    expect((await up.call('unseenReplies', { token })).envelope.result).toEqual({ authorQuestions: 1, support: 2 });

    const list = (await up.call('supportList', { token })).envelope.result as { requests: Requests };
    expect(
      list.requests
        .filter((r) => r.unseen)
        .map((r) => r.id)
        .sort(),
    ).toEqual([2, 3]);

    const marked = await up.call('markRepliesSeen', { token, body: { section: 'support', ids: [2] } });
    expect(marked.envelope.result).toEqual({ authorQuestions: 1, support: 1 });
    await up.call('markRepliesSeen', { token, body: { section: 'author-questions', ids: [open.id] } });
    expect((await up.call('unseenReplies', { token })).envelope.result).toEqual({ authorQuestions: 0, support: 1 });
  });

  it('marks only the user’s own items, and refuses an empty or unknown section', async () => {
    const up = await createTestUpstream();
    updateSupportRequest(up.db, 2, { status: 'resolved', reply: 'Ответ.' }, up.clock.time);
    const teacher = (await up.login()).token.authToken;
    const participant = (await up.login(DEMO_USERS.participant)).token.authToken;
    await up.call('markRepliesSeen', { token: participant, body: { section: 'support', ids: [2] } });
    expect((await up.call('unseenReplies', { token: teacher })).envelope.result).toMatchObject({ support: 1 });

    expect((await up.call('markRepliesSeen', { token: teacher, body: { section: 'support', ids: [] } })).status).toBe(
      400,
    );
    expect((await up.call('markRepliesSeen', { token: teacher, body: { section: 'mail', ids: [2] } })).status).toBe(
      400,
    );
    expect((await up.call('unseenReplies')).status).toBe(401);
  });
});
