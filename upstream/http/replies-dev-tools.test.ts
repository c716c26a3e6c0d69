import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { listMessages } from '../db/outbox';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream, TEST_PORTAL } from '../testing';

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const MESSAGE = 'Не открывается запись мастер-класса: после нажатия на кнопку воспроизведения ничего не происходит.';
const QUESTION = 'Как провести квест «Главы Конституции» в классе из тридцати человек без актового зала?';

async function withRequestAndQuestion(devTools = true) {
  const up = await createTestUpstream({ devTools });
  const token = (await up.login(DEMO_USERS.participant)).token.authToken;
  const request = (await up.call('putSupportRequest', { token, body: { topic: 'bug', message: MESSAGE } })).envelope
    .result as CallResult<'putSupportRequest'>;
  const question = (await up.call('putAuthorQuestion', { token, body: { topic: 'law-week', text: QUESTION } })).envelope
    .result as CallResult<'putAuthorQuestion'>;
  const unseen = async () => (await up.call('unseenReplies', { token })).envelope.result;
  return { up, token, request, question, unseen };
}

describe('staff dev tools (ADR 235)', () => {
  it('do not exist unless switched on', async () => {
    const { up, request, question } = await withRequestAndQuestion(false);
    expect((await up.app.request(`/__dev__/support/${request.id}`, post({ reply: 'Ответ' }))).status).toBe(404);
    expect((await up.app.request(`/__dev__/author-questions/${question.id}`, post({ answer: 'Ответ' }))).status).toBe(
      404,
    );
  });

  it('answer an author question, which the user then has as unseen and answered', async () => {
    const { up, question, unseen } = await withRequestAndQuestion();
    const taken = await up.app.request(`/__dev__/author-questions/${question.id}`, post({ status: 'in_work' }));
    expect(await taken.json()).toMatchObject({ status: 'in_work', answer: null, unseen: true });
    const answered = await up.app.request(
      `/__dev__/author-questions/${question.id}`,
      post({ answer: 'Разделите класс на пять команд.', author: 'Мария Петрова, автор сценария' }),
    );
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({
      status: 'answered',
      answer: { text: 'Разделите класс на пять команд.', author: 'Мария Петрова, автор сценария' },
      unseen: true,
    });
    expect(await unseen()).toEqual({ authorQuestions: 1, support: 0 });
    // Only the answer is mailed, with the link to the question in the cabinet.
    const mails = listMessages(up.db, DEMO_USERS.participant.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Авторы ответили на ваш вопрос' });
    expect(mails[0]!.body).toContain('Разделите класс на пять команд.');
    expect(mails[0]!.body).toContain(`${TEST_PORTAL}/lk/author-questions#question-${question.id}`);
  });

  it('reply to a support request, resolving it and mailing the reply to the account’s own address', async () => {
    const { up, request, unseen } = await withRequestAndQuestion();
    const response = await up.app.request(`/__dev__/support/${request.id}`, post({ reply: 'Исправили, проверьте.' }));
    expect(await response.json()).toMatchObject({ status: 'resolved', reply: 'Исправили, проверьте.', unseen: true });
    expect(await unseen()).toEqual({ authorQuestions: 0, support: 1 });
    const [mail] = listMessages(up.db, DEMO_USERS.participant.email);
    expect(mail).toMatchObject({ subject: `Ответ на обращение № ${request.id}` });
    expect(mail!.body).toContain('Исправили, проверьте.');
    expect(mail!.body).toContain(`${TEST_PORTAL}/lk/support#request-${request.id}`);

    const status = await up.app.request(`/__dev__/support/${request.id}`, post({ status: 'in_work' }));
    expect(await status.json()).toMatchObject({ status: 'in_work', reply: 'Исправили, проверьте.' });
  });

  it('list a user’s questions and requests, as staff see them', async () => {
    const { up, request, question } = await withRequestAndQuestion();
    const email = encodeURIComponent(DEMO_USERS.participant.email);
    const questions = (await (await up.app.request(`/__dev__/author-questions?email=${email}`)).json()) as {
      id: number;
    }[];
    expect(questions[0]!.id).toBe(question.id);
    const requests = (await (await up.app.request(`/__dev__/support?email=${email}`)).json()) as { id: number }[];
    expect(requests[0]!.id).toBe(request.id);
    expect((await up.app.request('/__dev__/support?email=nobody@example.org')).status).toBe(404);
  });

  it('refuse an unknown id and an empty change', async () => {
    const { up, request } = await withRequestAndQuestion();
    expect((await up.app.request('/__dev__/support/999999', post({ reply: 'Ответ' }))).status).toBe(404);
    expect((await up.app.request('/__dev__/author-questions/abc', post({ answer: 'Ответ' }))).status).toBe(404);
    expect((await up.app.request(`/__dev__/support/${request.id}`, post({}))).status).toBe(400);
    expect((await up.app.request(`/__dev__/support/${request.id}`, post({ status: 'closed' }))).status).toBe(400);
  });
});
