import { describe, expect, it } from 'vitest';
import { SUPPORT_OPEN_MAX, type SupportRequest } from '#contract';
import { DEMO_USERS } from '../seed/seed';
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
  it('stores a request as new, and ignores an address to reply to: replies go to the account’s (ADR 235)', async () => {
    const up = await createTestUpstream();
    const auth = { token: (await up.login()).token.authToken };
    const sent = await up.call('putSupportRequest', {
      ...auth,
      body: { topic: 'events', message: MESSAGE, replyTo: 'someone.else@example.org' },
    });
    expect(sent.status).toBe(200);
    expect(sent.envelope.result).toEqual({
      id: expect.any(Number),
      topic: { slug: 'events', title: 'Мероприятия и трансляции' },
      message: MESSAGE,
      status: 'new',
      createdAt: new Date(up.clock.time).toISOString(),
      updatedAt: new Date(up.clock.time).toISOString(),
      reply: null,
      thread: [],
      unseen: false,
    });
    const list = (await up.call('supportList', auth)).envelope.result as List;
    expect(list.requests[0]!.topic.slug).toBe('events');
  });

  it(`takes at most ${SUPPORT_OPEN_MAX} unresolved requests, then answers 409 until one is resolved`, async () => {
    const up = await createTestUpstream();
    const auth = { token: (await up.login()).token.authToken };
    const open = (await up.call('supportList', auth)).envelope.result as List;
    const already = open.requests.filter((r) => r.status !== 'resolved').length;
    for (let i = already; i < SUPPORT_OPEN_MAX; i++) {
      expect((await up.call('putSupportRequest', { ...auth, body: { topic: 'bug', message: MESSAGE } })).status).toBe(
        200,
      );
    }
    const refused = await up.call('putSupportRequest', { ...auth, body: { topic: 'bug', message: MESSAGE } });
    expect(refused.status).toBe(409);
    expect(refused.envelope.errors[0]).toMatchObject({ code: 'too_many_open' });
    expect(refused.envelope.errors[0]!.message).toContain(`${SUPPORT_OPEN_MAX} нерешённых обращений`);

    up.db.prepare("UPDATE support_requests SET status = 'resolved' WHERE id = 2").run();
    expect((await up.call('putSupportRequest', { ...auth, body: { topic: 'bug', message: MESSAGE } })).status).toBe(
      200,
    );
  });

  it('refuses a short message and an unknown topic, by field', async () => {
    const up = await createTestUpstream();
    const auth = { token: (await up.login()).token.authToken };
    const short = await up.call('putSupportRequest', { ...auth, body: { topic: 'bug', message: 'Ошибка' } });
    expect(short.status).toBe(400);
    expect(short.envelope.errors[0]).toMatchObject({ field: 'message' });
    const topic = await up.call('putSupportRequest', { ...auth, body: { topic: 'nope', message: MESSAGE } });
    expect(topic.envelope.errors[0]).toMatchObject({ code: 'unknown_topic', field: 'topic' });
  });

  it('requires a session', async () => {
    const up = await createTestUpstream();
    expect((await up.call('putSupportRequest', { body: { topic: 'bug', message: MESSAGE } })).status).toBe(401);
  });
});

describe('replySupportRequest (ADR 235)', () => {
  it('answers back on a resolved request: the message joins the thread after the reply, and the request reopens', async () => {
    const up = await createTestUpstream();
    const token = (await up.login()).token.authToken;
    const list = (await up.call('supportList', { token })).envelope.result as List;
    const resolved = list.requests.find((r) => r.status === 'resolved' && r.reply !== null)!;
    expect(resolved.thread).toEqual([{ from: 'support', text: resolved.reply, at: resolved.updatedAt }]);

    const answered = await up.call('replySupportRequest', {
      token,
      body: { id: resolved.id, message: 'Спасибо, но в сертификате всё ещё старое название.' },
    });
    expect(answered.status).toBe(200);
    const request = answered.envelope.result as SupportRequest;
    expect(request.status).toBe('new');
    expect(request.thread.map((m) => [m.from, m.text])).toEqual([
      ['support', resolved.reply],
      ['user', 'Спасибо, но в сертификате всё ещё старое название.'],
    ]);

    const other = (await up.call('supportList', { token: (await up.login(DEMO_USERS.participant)).token.authToken }))
      .envelope.result as List;
    const notTheirs = await up.call('replySupportRequest', {
      token,
      body: { id: other.requests[0]!.id, message: 'Чужое обращение, проверка.' },
    });
    expect(notTheirs.status).toBe(404);
  });
});
