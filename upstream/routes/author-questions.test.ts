import { describe, expect, it } from 'vitest';
import { AUTHOR_QUESTIONS_OPEN_MAX, type AuthorQuestion } from '#contract';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream } from '../testing';

const TEXT = 'Можно ли использовать сценарий квеста на уроке продолжительностью сорок минут?';

type List = { topics: Array<{ slug: string; title: string }>; questions: AuthorQuestion[] };

describe('authorQuestionsList', () => {
  it('lists the topics and only the user’s own questions, newest first, in every status', async () => {
    const up = await createTestUpstream();
    const teacher = await up.login();
    const { status, envelope } = await up.call('authorQuestionsList', { token: teacher.token.authToken });
    expect(status).toBe(200);
    const list = envelope.result as List;
    expect(list.topics.map((t) => t.slug)).toContain('law-week');
    expect(new Set(list.questions.map((q) => q.status))).toEqual(new Set(['sent', 'in_work', 'answered']));
    const asked = list.questions.map((q) => q.askedAt);
    expect(asked).toEqual([...asked].sort().reverse());
    for (const question of list.questions) expect(question.answer === null).toBe(question.status !== 'answered');

    const participant = await up.login(DEMO_USERS.participant);
    const theirs = (await up.call('authorQuestionsList', { token: participant.token.authToken })).envelope
      .result as List;
    expect(theirs.questions.length).toBeGreaterThan(0);
    const mine = new Set(list.questions.map((q) => q.id));
    expect(theirs.questions.some((q) => mine.has(q.id))).toBe(false);
  });

  it('requires a session', async () => {
    const up = await createTestUpstream();
    expect((await up.call('authorQuestionsList')).status).toBe(401);
  });
});

describe('putAuthorQuestion', () => {
  it('stores a question as sent and lists it first', async () => {
    const up = await createTestUpstream();
    const auth = { token: (await up.login(DEMO_USERS.participant)).token.authToken };
    const sent = await up.call('putAuthorQuestion', { ...auth, body: { topic: 'scenarios', text: `  ${TEXT}  ` } });
    expect(sent.status).toBe(200);
    expect(sent.envelope.result).toMatchObject({
      topic: { slug: 'scenarios', title: 'Сценарии уроков' },
      text: TEXT,
      status: 'sent',
      askedAt: new Date(up.clock.time).toISOString(),
      answer: null,
    });
    const list = (await up.call('authorQuestionsList', auth)).envelope.result as List;
    expect(list.questions[0]?.text).toBe(TEXT);
  });

  it('refuses a text too short or too long, and an unknown topic, by field', async () => {
    const up = await createTestUpstream();
    const auth = { token: (await up.login()).token.authToken };
    const short = await up.call('putAuthorQuestion', { ...auth, body: { topic: 'scenarios', text: 'Как?' } });
    expect(short.status).toBe(400);
    expect(short.envelope.errors[0]).toMatchObject({ field: 'text' });
    const long = await up.call('putAuthorQuestion', { ...auth, body: { topic: 'scenarios', text: 'а'.repeat(2001) } });
    expect(long.envelope.errors[0]).toMatchObject({ field: 'text' });
    const topic = await up.call('putAuthorQuestion', { ...auth, body: { topic: 'astrology', text: TEXT } });
    expect(topic.status).toBe(400);
    expect(topic.envelope.errors[0]).toMatchObject({ code: 'unknown_topic', field: 'topic' });
  });

  it(`takes no more than ${AUTHOR_QUESTIONS_OPEN_MAX} unanswered questions at a time`, async () => {
    const up = await createTestUpstream();
    const participant = await up.login(DEMO_USERS.participant);
    const auth = { token: participant.token.authToken };
    const open = () =>
      up.db.value(
        "SELECT count(*) FROM author_questions WHERE status != 'answered' AND user_id = ?",
        participant.id,
      ) as number;
    while (open() < AUTHOR_QUESTIONS_OPEN_MAX) {
      expect((await up.call('putAuthorQuestion', { ...auth, body: { topic: 'testing', text: TEXT } })).status).toBe(
        200,
      );
    }
    const refused = await up.call('putAuthorQuestion', { ...auth, body: { topic: 'testing', text: TEXT } });
    expect(refused.status).toBe(409);
    expect(refused.envelope.errors[0]?.code).toBe('too_many_open');
    expect(open()).toBe(AUTHOR_QUESTIONS_OPEN_MAX);
  });
});
