import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { listMessages } from '../db/outbox';
import { DEMO_USERS } from '../seed/seed';
import { findEvent } from '../db/dictation';
import { seedDictation } from '../seed/seed-dictation';
import { createTestUpstream } from '../testing';
import { days } from '#shared/time';

const PORTAL = 'https://portal.example.org';
/** The seed's event open for registration (written in spring, a month ahead or more), the announced one, and today's. */
const REGISTRATION = 4;
const ANNOUNCED = 5;
const WRITING = 3;

async function setup() {
  const up = await createTestUpstream({ portalOrigin: PORTAL });
  seedDictation(up.db, up.clock.time, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
  const { token } = await up.login(DEMO_USERS.participant);
  const register = (eventId: number) =>
    up.call('registerForDictation', { token: token.authToken, body: { eventId, portalOrigin: PORTAL } });
  const mine = async () =>
    ((await up.call('myDictations', { token: token.authToken })).envelope.result as CallResult<'myDictations'>)
      .dictations;
  return { up, register, mine };
}

describe('registering for a dictation', () => {
  it('registers during the registration period and mails the personal link once', async () => {
    const { up, register, mine } = await setup();
    const first = await register(REGISTRATION);
    expect(first.status).toBe(200);
    const { participationId } = first.envelope.result as CallResult<'registerForDictation'>;
    expect(first.envelope.result).toMatchObject({ alreadyRegistered: false });
    expect(await mine()).toContainEqual(
      expect.objectContaining({ id: participationId, status: 'invited', event: expect.objectContaining({ id: 4 }) }),
    );
    const mail = listMessages(up.db, DEMO_USERS.participant.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Ваша ссылка на диктант/);
    const link = /https:\/\/portal\.example\.org\/dictation\/([\w-]{43})/.exec(mail[0]!.body);
    expect(link).not.toBeNull();
    // The mailed link opens this dictation, without starting it before writing opens.
    const opened = await up.call('openDictation', { body: { code: link![1]! } });
    expect(opened.envelope.result).toMatchObject({ participationId, status: 'invited', startedAt: null });

    const again = await register(REGISTRATION);
    expect(again.envelope.result).toEqual({ participationId, alreadyRegistered: true });
    expect(listMessages(up.db, DEMO_USERS.participant.email)).toHaveLength(1);
  });

  it('lets the registered user start the dictation by the mailed link once writing opens', async () => {
    const { up, register } = await setup();
    await register(REGISTRATION);
    const code = /\/dictation\/([\w-]{43})/.exec(listMessages(up.db, DEMO_USERS.participant.email)[0]!.body)![1]!;
    const early = await up.call('startDictation', { body: { code } });
    expect(early.envelope.errors[0]).toMatchObject({ code: 'not_started' });
    up.clock.time = findEvent(up.db, REGISTRATION)!.writing_opens_at + 1;
    const started = await up.call('startDictation', { body: { code } });
    expect(started.envelope.result).toMatchObject({ status: 'writing' });
  });

  it('refuses before the period opens and after it closes, saying when', async () => {
    const { up, register } = await setup();
    const early = await register(ANNOUNCED);
    expect(early.status).toBe(409);
    expect(early.envelope.errors[0]).toMatchObject({
      code: 'registration_not_open',
      message: expect.stringMatching(/^Регистрация откроется \d+ [а-я]+ \d{4} г\. в \d\d:\d\d мск\.$/),
    });
    up.clock.time = findEvent(up.db, REGISTRATION)!.writing_closes_at + 1;
    const { token } = await up.login(DEMO_USERS.participant);
    const body = { eventId: REGISTRATION, portalOrigin: PORTAL };
    const closed = await up.call('registerForDictation', { token: token.authToken, body });
    expect(closed.envelope.errors[0]).toMatchObject({ code: 'registration_closed' });
    expect(listMessages(up.db, DEMO_USERS.participant.email)).toHaveLength(0);
  });

  it('registers while writing is open (ADR 239): the link mailed at once, and it starts at once', async () => {
    const { up } = await setup();
    // The seed gave the demo participant a dictation of today's event: a user without one registers.
    await up.register({
      email: 'newcomer@example.org',
      password: 'long-enough-password',
      firstName: 'Мария',
      lastName: 'Орлова',
      phone: '79120001122',
    });
    let user = await up.login({ email: 'newcomer@example.org', password: 'long-enough-password' });
    const register = () =>
      up.call('registerForDictation', {
        token: user.token.authToken,
        body: { eventId: WRITING, portalOrigin: PORTAL },
      });
    const joined = await register();
    expect(joined.status).toBe(200);
    const [mail] = listMessages(up.db, 'newcomer@example.org');
    expect(mail!.subject).toMatch(/^Ваша ссылка на диктант: /);
    const code = /\/dictation\/([\w-]{43})/.exec(mail!.body)![1]!;
    const started = await up.call('startDictation', { body: { code } });
    expect(started.envelope.result).toMatchObject({ status: 'writing' });
    // Once writing is over, registering is refused with the moment it closed.
    up.clock.advance(days(3));
    user = await up.login({ email: 'newcomer@example.org', password: 'long-enough-password' });
    const late = await register();
    expect(late.status).toBe(409);
    expect(late.envelope.errors[0]).toMatchObject({
      code: 'registration_closed',
      message: expect.stringMatching(/^Регистрация закрылась \d+ [а-я]+ \d{4} г\. в 00:00 мск\.$/),
    });
  });

  it('counts a dictation of the event given before as the registration: nothing new, nothing mailed', async () => {
    const { up, register, mine } = await setup();
    const given = (await mine()).filter((item) => item.event.id === WRITING);
    expect(given).toHaveLength(1);
    const joined = await register(WRITING);
    expect(joined.envelope.result).toEqual({ participationId: given[0]!.id, alreadyRegistered: true });
    expect((await mine()).filter((item) => item.event.id === WRITING)).toHaveLength(1);
    expect(listMessages(up.db, DEMO_USERS.participant.email)).toHaveLength(0);
  });

  it('answers an unknown event with 404 and needs a signed-in user', async () => {
    const { up, register } = await setup();
    expect((await register(999)).status).toBe(404);
    const anonymous = await up.call('registerForDictation', { body: { eventId: REGISTRATION, portalOrigin: PORTAL } });
    expect(anonymous.status).toBe(401);
  });

  it('finds the seed’s registration of the teacher: registering again mails nothing', async () => {
    const { up } = await setup();
    const { token } = await up.login(DEMO_USERS.teacher);
    const body = { eventId: REGISTRATION, portalOrigin: PORTAL };
    const again = await up.call('registerForDictation', { token: token.authToken, body });
    expect(again.envelope.result).toMatchObject({ alreadyRegistered: true });
    expect(listMessages(up.db, DEMO_USERS.teacher.email)).toHaveLength(0);
  });
});
