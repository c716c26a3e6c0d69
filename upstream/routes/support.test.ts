import { describe, expect, it } from 'vitest';
import type { SupportRequest } from '#contract';
import { DEMO_USERS } from '../db/seed';
import { createTestUpstream } from '../testing';

const MESSAGE = 'Не открывается запись мастер-класса: после нажатия на кнопку воспроизведения ничего не происходит.';

type List = { topics: Array<{ slug: string; title: string }>; requests: SupportRequest[] };

describe('supportList', () => {
  it('lists the topics and only the user’s own requests, newest first', async () => {
    const up = await createTestUpstream();
    const teacher = (await up.call('supportList', { token: (await up.login()).token.authToken })).envelope
      .result as List;
    expect(teacher.topics.map((t) => t.slug)).toEqual(expect.arrayContaining(['account', 'bug', 'other']));
    expect(new Set(teacher.requests.map((r) => r.status))).toEqual(new Set(['new', 'in_work', 'resolved']));
    const created = teacher.requests.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const token = (await up.login(DEMO_USERS.participant)).token.authToken;
    const participant = (await up.call('supportList', { token })).envelope.result as List;
    expect(participant.requests.length).toBeGreaterThan(0);
    const ids = new Set(teacher.requests.map((r) => r.id));
    expect(participant.requests.some((r) => ids.has(r.id))).toBe(false);
  });

  it('requires a session', async () => {
    const up = await createTestUpstream();
    expect((await up.call('supportList')).status).toBe(401);
  });
});

describe('putSupportRequest', () => {
  it('stores a request as new, with or without a reply-to address', async () => {
    const up = await createTestUpstream();
    const auth = { token: (await up.login()).token.authToken };
    const sent = await up.call('putSupportRequest', {
      ...auth,
      body: { topic: 'events', message: MESSAGE, replyTo: ' a.ivanova@school1.example.ru ' },
    });
    expect(sent.status).toBe(200);
    expect(sent.envelope.result).toMatchObject({
      topic: { slug: 'events', title: 'Мероприятия и трансляции' },
      message: MESSAGE,
      replyTo: 'a.ivanova@school1.example.ru',
      status: 'new',
      createdAt: new Date(up.clock.time).toISOString(),
      reply: null,
    });
    const bare = await up.call('putSupportRequest', { ...auth, body: { topic: 'other', message: MESSAGE } });
    expect(bare.envelope.result).toMatchObject({ replyTo: null });
    const list = (await up.call('supportList', auth)).envelope.result as List;
    expect(list.requests.slice(0, 2).map((r) => r.topic.slug)).toEqual(['other', 'events']);
  });

  it('refuses a short message, a malformed address and an unknown topic, by field', async () => {
    const up = await createTestUpstream();
    const auth = { token: (await up.login()).token.authToken };
    const short = await up.call('putSupportRequest', { ...auth, body: { topic: 'bug', message: 'Ошибка' } });
    expect(short.status).toBe(400);
    expect(short.envelope.errors[0]).toMatchObject({ field: 'message' });
    const email = await up.call('putSupportRequest', {
      ...auth,
      body: { topic: 'bug', message: MESSAGE, replyTo: 'не адрес' },
    });
    expect(email.envelope.errors[0]).toMatchObject({ field: 'replyTo' });
    const topic = await up.call('putSupportRequest', { ...auth, body: { topic: 'nope', message: MESSAGE } });
    expect(topic.envelope.errors[0]).toMatchObject({ code: 'unknown_topic', field: 'topic' });
  });

  it('requires a session', async () => {
    const up = await createTestUpstream();
    expect((await up.call('putSupportRequest', { body: { topic: 'bug', message: MESSAGE } })).status).toBe(401);
  });
});
