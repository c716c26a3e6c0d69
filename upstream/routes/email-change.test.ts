import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { CONFIRMATION_LIFETIME_MS, EMAIL_CHANGES_PER_DAY } from '../db/email-confirmations';
import { listMessages } from '../db/outbox';
import { CURRENT_EVENT_ID, seedDictation } from '../seed/seed-dictation';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream, TEST_PORTAL } from '../testing';
import { hours, minutes } from '#shared/time';

const person = {
  email: 'old@example.org',
  password: 'long-enough-password',
  firstName: 'Мария',
  lastName: 'Орлова',
  phone: '79120001122',
};
const NEW_ADDRESS = 'Подтвердите новый адрес электронной почты';
/** The seed's event open for registration (writing in 30 days). */
const REGISTRATION = 4;

async function account({ confirmed }: { confirmed: boolean }) {
  const up = await createTestUpstream();
  const { token } = await up.register(person, { confirm: confirmed });
  let authToken = token.authToken;
  /** A fresh sign-in, for a test whose clock outruns the auth token. */
  const signIn = async (email = person.email) => {
    authToken = (await up.login({ email, password: person.password })).token.authToken;
  };
  const change = (email: string, currentPassword = person.password) =>
    up.call('changeEmail', { token: authToken, body: { email, currentPassword, portalOrigin: TEST_PORTAL } });
  const profile = async () => (await up.call('profile', { token: authToken })).envelope.result as CallResult<'profile'>;
  const linkIn = (email: string) => {
    const letter = listMessages(up.db, email)[0];
    const token = letter?.body.match(/\/confirm-email\/([\w-]+)/)?.[1];
    if (!token) throw new Error(`no link mailed to ${email}`);
    return token;
  };
  const confirm = (token: string) => up.call('confirmEmail', { body: { token, portalOrigin: TEST_PORTAL } });
  const signsIn = async (email: string) =>
    (await up.call('login', { body: { login: email, password: person.password } })).status === 200;
  return { up, change, profile, linkIn, confirm, signsIn, signIn };
}

describe('changing the address (ADR 214)', () => {
  it('asks for the current password: a wrong one changes and mails nothing', async () => {
    const { up, change, profile } = await account({ confirmed: true });
    const refused = await change('new@example.org', 'wrong-password-here');
    expect(refused.status).toBe(400);
    expect(refused.envelope.errors).toEqual([
      { code: 'invalid_password', message: 'Текущий пароль указан неверно', field: 'currentPassword' },
    ]);
    expect(listMessages(up.db, 'new@example.org')).toEqual([]);
    expect(await profile()).toMatchObject({ email: person.email, pendingEmail: null });
  });

  it('replaces an unconfirmed address at once: the letter goes to the new one, the old one is forgotten', async () => {
    const { up, change, profile, linkIn, confirm, signsIn } = await account({ confirmed: false });
    const first = linkIn(person.email);
    const changed = await change('new@example.org');
    expect(changed.status).toBe(200);
    expect(changed.envelope.result).toEqual({ state: 'replaced' });
    expect(await profile()).toMatchObject({ email: 'new@example.org', emailConfirmed: false, pendingEmail: null });
    expect(listMessages(up.db, 'new@example.org').map((m) => m.subject)).toEqual([
      'Подтвердите адрес электронной почты',
    ]);
    // Nothing more to the old address, and its link no longer confirms anything.
    expect(listMessages(up.db, person.email)).toHaveLength(1);
    expect((await confirm(first)).status).toBe(400);
    expect(await signsIn(person.email)).toBe(false);
    expect(await signsIn('new@example.org')).toBe(true);
    expect((await confirm(linkIn('new@example.org'))).status).toBe(200);
    expect(await profile()).toMatchObject({ email: 'new@example.org', emailConfirmed: true });
  });

  it('keeps a confirmed address until the new one is confirmed by its link; the old one hears of it, masked', async () => {
    const { up, change, profile, linkIn, confirm, signsIn } = await account({ confirmed: true });
    const changed = await change('new@example.org');
    expect(changed.envelope.result).toEqual({ state: 'pending' });
    expect(await profile()).toMatchObject({
      email: person.email,
      emailConfirmed: true,
      pendingEmail: 'new@example.org',
    });
    const [notice] = listMessages(up.db, person.email);
    expect(notice!.subject).toBe('Запрошена смена адреса электронной почты');
    expect(notice!.body).toContain('n***@example.org');
    expect(notice!.body).not.toContain('new@example.org');
    expect(notice!.body).toContain('Если это были не вы, смените пароль');
    expect(listMessages(up.db, 'new@example.org')[0]!.subject).toBe(NEW_ADDRESS);
    // Until the link is used, the old address signs in and the new one does not.
    expect(await signsIn(person.email)).toBe(true);
    expect(await signsIn('new@example.org')).toBe(false);

    const link = linkIn('new@example.org');
    const confirmed = await confirm(link);
    expect(confirmed.status).toBe(200);
    // The portal says the sign-in address changed.
    expect(confirmed.envelope.result).toEqual({ confirmed: true, changed: true });
    expect(await profile()).toMatchObject({ email: 'new@example.org', emailConfirmed: true, pendingEmail: null });
    expect(await signsIn('new@example.org')).toBe(true);
    expect(await signsIn(person.email)).toBe(false);
    expect(listMessages(up.db, person.email)[0]!.subject).toBe('Адрес электронной почты изменён');
    // The link works once.
    expect((await confirm(link)).status).toBe(400);
  });

  it('refuses a change link after 72 hours: the old address stays', async () => {
    const { up, change, profile, linkIn, confirm, signsIn, signIn } = await account({ confirmed: true });
    await change('new@example.org');
    up.clock.advance(CONFIRMATION_LIFETIME_MS + 1);
    expect((await confirm(linkIn('new@example.org'))).status).toBe(400);
    await signIn();
    expect(await profile()).toMatchObject({ email: person.email, pendingEmail: null });
    expect(await signsIn(person.email)).toBe(true);
  });

  it('a newer request retires the earlier link; a password change calls the change off', async () => {
    const { up, change, profile, linkIn, confirm } = await account({ confirmed: true });
    await change('first@example.org');
    const first = linkIn('first@example.org');
    up.clock.advance(minutes(1));
    await change('second@example.org');
    expect((await confirm(first)).status).toBe(400);
    expect(await profile()).toMatchObject({ email: person.email, pendingEmail: 'second@example.org' });

    const { token } = await up.login(person);
    const newPassword = 'another-long-password';
    await up.call('changePassword', {
      token: token.authToken,
      body: { currentPassword: person.password, newPassword },
    });
    expect((await confirm(linkIn('second@example.org'))).status).toBe(400);
    const after = await up.login({ email: person.email, password: newPassword });
    expect((await up.call('profile', { token: after.token.authToken })).envelope.result).toMatchObject({
      email: person.email,
      pendingEmail: null,
    });
  });

  it('says a taken address as registration does, counts it, and mails its owner nothing', async () => {
    const { up, change, profile } = await account({ confirmed: true });
    const taken = DEMO_USERS.participant.email;
    const before = listMessages(up.db, taken).length;
    const refused = await change(taken);
    expect(refused.status).toBe(409);
    expect(refused.envelope.errors).toEqual([
      { code: 'email_taken', message: 'Пользователь с таким адресом уже зарегистрирован', field: 'email' },
    ]);
    expect(listMessages(up.db, taken)).toHaveLength(before);
    expect(await profile()).toMatchObject({ email: person.email, pendingEmail: null });
    expect(up.count('email_change_requests')).toBe(1);
  });

  it(`allows ${EMAIL_CHANGES_PER_DAY} requests per account in 24 hours, taken addresses included`, async () => {
    const { up, change, signIn } = await account({ confirmed: true });
    for (let i = 0; i < EMAIL_CHANGES_PER_DAY; i += 1) {
      await signIn();
      const answer = await change(i === 0 ? DEMO_USERS.participant.email : `try${i}@example.org`);
      expect(answer.status).not.toBe(429);
      // Past the mailer's growing wait for the account's confirmations.
      up.clock.advance(hours(1));
    }
    await signIn();
    const refused = await change('late@example.org');
    expect(refused.status).toBe(429);
    expect(refused.envelope.errors).toEqual([
      {
        code: 'email_change_limit',
        message: 'Адрес можно менять не чаще 5 раз в сутки. Следующая смена — через 19 часов.',
      },
    ]);
    expect(listMessages(up.db, 'late@example.org')).toEqual([]);
    up.clock.advance(hours(19));
    await signIn();
    expect((await change('late@example.org')).status).toBe(200);
  });

  it('makes a quick further letter wait, as resends do: the registration’s letter counts (ADR 215)', async () => {
    const { up, change } = await account({ confirmed: true });
    expect((await change('new@example.org')).status).toBe(200);
    const third = await change('third@example.org');
    expect(third.status).toBe(429);
    expect(third.envelope.errors[0]!.message).toBe('Письмо уже отправлено. Следующее можно отправить через 1 минуту.');
    expect(listMessages(up.db, 'third@example.org')).toEqual([]);
  });

  it('sends the dictation link that waited, once the address is confirmed', async () => {
    const { up, linkIn, confirm } = await account({ confirmed: false });
    seedDictation(up.db, up.clock.time, {
      teacher: DEMO_USERS.teacher.email,
      participant: DEMO_USERS.participant.email,
    });
    const { token } = await up.login(person);
    await up.call('registerForDictation', {
      token: token.authToken,
      body: { eventId: REGISTRATION, portalOrigin: TEST_PORTAL },
    });
    expect(listMessages(up.db, person.email)).toHaveLength(1);
    expect((await confirm(linkIn(person.email))).status).toBe(200);
    const invitation = listMessages(up.db, person.email)[0]!;
    expect(invitation.subject).toMatch(/^Ваша ссылка на диктант/);
    expect(invitation.body).toMatch(new RegExp(`${TEST_PORTAL}/dictation/[\\w-]+`));
  });

  it('sends the «Диктант сдан» receipt that waited, once the address is confirmed', async () => {
    const { up, linkIn, confirm } = await account({ confirmed: false });
    seedDictation(up.db, up.clock.time, {
      teacher: DEMO_USERS.teacher.email,
      participant: DEMO_USERS.participant.email,
    });
    const { token } = await up.login(person);
    const joined = await up.call('registerForDictation', {
      token: token.authToken,
      body: { eventId: CURRENT_EVENT_ID, portalOrigin: TEST_PORTAL },
    });
    const { participationId } = joined.envelope.result as { participationId: number };
    const { code } = (await up.call('issueDictationCode', { token: token.authToken, body: { id: participationId } }))
      .envelope.result as { code: string };
    await up.call('startDictation', { body: { code } });
    const finished = await up.call('finishDictation', { body: { code, text: 'Осень наступила.', revision: 1 } });
    expect(finished.status).toBe(200);
    expect(listMessages(up.db, person.email)).toHaveLength(1);
    expect((await confirm(linkIn(person.email))).status).toBe(200);
    expect(listMessages(up.db, person.email)[0]!.subject).toMatch(/^Диктант сдан: /);
  });
});
