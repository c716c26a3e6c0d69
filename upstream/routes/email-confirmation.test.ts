import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { CONFIRMATION_LIFETIME_MS } from '../db/email-confirmations';
import { listMessages } from '../db/outbox';
import { createPass } from '../db/passes';
import { seedDictation } from '../seed/seed-dictation';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream, TEST_PORTAL } from '../testing';
import { minutes } from '#shared/time';

const newcomer = {
  email: 'newcomer@example.org',
  password: 'long-enough-password',
  firstName: 'Мария',
  lastName: 'Орлова',
  phone: '79120001122',
};
const CONFIRMATION = 'Подтвердите адрес электронной почты';
/** The seed's event open for registration (writing in 30 days). */
const REGISTRATION = 4;

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

async function registered({ devTools = false } = {}) {
  const up = await createTestUpstream({ devTools });
  const { token } = await up.register(newcomer, { confirm: false });
  const profile = async () =>
    (await up.call('profile', { token: token.authToken })).envelope.result as CallResult<'profile'>;
  const confirm = (value: string) => up.call('confirmEmail', { body: { token: value } });
  return { up, token: token.authToken, profile, confirm };
}

describe('confirming the address (ADR 214)', () => {
  it('mails a link to the portal on registration; the account starts unconfirmed, the token stored hashed', async () => {
    const { up, profile } = await registered();
    const mail = listMessages(up.db, newcomer.email);
    expect(mail.map((m) => m.subject)).toEqual([CONFIRMATION]);
    const token = up.confirmationToken(newcomer.email);
    expect(mail[0]!.body).toContain(`${TEST_PORTAL}/confirm-email/${token}`);
    expect(mail[0]!.body).toContain('72 часа');
    expect((await profile()).emailConfirmed).toBe(false);
    const stored = up.db.prepare('SELECT token_hash FROM email_confirmations').all() as { token_hash: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('confirms once: the same link again is refused in Russian', async () => {
    const { up, profile, confirm } = await registered();
    const token = up.confirmationToken(newcomer.email);
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.envelope.result).toEqual({ confirmed: true, changed: false });
    expect((await profile()).emailConfirmed).toBe(true);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.envelope.errors).toEqual([
      {
        code: 'invalid_confirmation',
        message: 'Ссылка для подтверждения недействительна, устарела или уже использована',
      },
    ]);
  });

  it('refuses a link after 72 hours, and an unknown one', async () => {
    const { up, confirm } = await registered();
    const token = up.confirmationToken(newcomer.email);
    up.clock.advance(CONFIRMATION_LIFETIME_MS + 1);
    expect((await confirm(token)).status).toBe(400);
    expect((await confirm('x'.repeat(43))).status).toBe(400);
    const row = up.db.prepare('SELECT email_confirmed_at FROM users WHERE email = ?').get(newcomer.email);
    expect(row).toEqual({ email_confirmed_at: null });
  });

  it('sends a new link on request; the earlier one stops working; a confirmed address gets none', async () => {
    const { up, token, profile, confirm } = await registered();
    const first = up.confirmationToken(newcomer.email);
    up.clock.advance(minutes(1));
    const resent = await up.call('resendConfirmation', { token, body: { portalOrigin: TEST_PORTAL } });
    expect(resent.envelope.result).toEqual({ sent: true });
    const second = up.confirmationToken(newcomer.email);
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
    expect((await profile()).emailConfirmed).toBe(true);
    const after = await up.call('resendConfirmation', { token, body: { portalOrigin: TEST_PORTAL } });
    expect(after.envelope.result).toEqual({ sent: false });
    expect(listMessages(up.db, newcomer.email).filter((m) => m.subject === CONFIRMATION)).toHaveLength(2);
  });

  it('makes each resend wait twice as long: 11 presses in 0.4 s send one letter, a day about a dozen (ADR 215)', async () => {
    const { up } = await registered();
    let { authToken } = (await up.login(newcomer)).token;
    const resend = async () => {
      let answer = await up.call('resendConfirmation', { token: authToken, body: { portalOrigin: TEST_PORTAL } });
      if (answer.status !== 401) return answer;
      // A day of presses outlives an auth token: sign in again, as the portal's refresh would.
      authToken = (await up.login(newcomer)).token.authToken;
      answer = await up.call('resendConfirmation', { token: authToken, body: { portalOrigin: TEST_PORTAL } });
      return answer;
    };
    const letters = () => listMessages(up.db, newcomer.email).filter((m) => m.subject === CONFIRMATION).length;
    // The first press sends at once: the letter may not have come.
    expect((await resend()).envelope.result).toEqual({ sent: true });
    const second = up.confirmationToken(newcomer.email);
    for (let i = 0; i < 10; i += 1) {
      const refused = await resend();
      expect(refused.status).toBe(429);
      up.clock.advance(36);
    }
    expect((await resend()).envelope.errors).toEqual([
      { code: 'mail_too_soon', message: 'Письмо уже отправлено. Следующее можно отправить через 1 минуту.' },
    ]);
    expect(letters()).toBe(2);
    // Nothing changed: the second letter's link still confirms after the refusals.
    expect(up.confirmationToken(newcomer.email)).toBe(second);

    up.clock.advance(minutes(1));
    expect((await resend()).envelope.result).toEqual({ sent: true });
    expect((await resend()).envelope.errors[0]?.message).toBe(
      'Письмо уже отправлено. Следующее можно отправить через 2 минуты.',
    );
    // Pressed every five minutes for a day: the waits double, so about eleven letters in all.
    for (let minute = 0; minute < 24 * 60; minute += 5) {
      up.clock.advance(minutes(5));
      await resend();
    }
    expect(letters()).toBeGreaterThanOrEqual(11);
    expect(letters()).toBeLessThanOrEqual(13);
  }, 30_000);

  it('mails a dictation link only to a confirmed address; the registration itself counts either way', async () => {
    const { up, token } = await registered();
    seedDictation(up.db, up.clock.time, {
      teacher: DEMO_USERS.teacher.email,
      participant: DEMO_USERS.participant.email,
    });
    const register = () =>
      up.call('registerForDictation', { token, body: { eventId: REGISTRATION, portalOrigin: TEST_PORTAL } });
    expect((await register()).envelope.result).toMatchObject({ alreadyRegistered: false });
    expect(listMessages(up.db, newcomer.email).map((m) => m.subject)).toEqual([CONFIRMATION]);

    const confirmed = await up.register({ ...newcomer, email: 'confirmed@example.org' });
    await up.call('registerForDictation', {
      token: confirmed.token.authToken,
      body: { eventId: REGISTRATION, portalOrigin: TEST_PORTAL },
    });
    expect(listMessages(up.db, 'confirmed@example.org')[0]!.subject).toMatch(/^Ваша ссылка на диктант/);
  });

  it('mails replies only to a confirmed address', async () => {
    const { up, token, confirm } = await registered({ devTools: true });
    const request = (
      await up.call('putSupportRequest', {
        token,
        body: { topic: 'bug', message: 'Не открывается запись мастер-класса, пробовала в двух браузерах.' },
      })
    ).envelope.result as CallResult<'putSupportRequest'>;
    const question = (
      await up.call('putAuthorQuestion', {
        token,
        body: { topic: 'law-week', text: 'Можно ли провести квест недели права в классе без проектора?' },
      })
    ).envelope.result as CallResult<'putAuthorQuestion'>;
    await up.app.request(`/__dev__/support/${request.id}`, post({ reply: 'Исправили, попробуйте ещё раз.' }));
    await up.app.request(`/__dev__/author-questions/${question.id}`, post({ answer: 'Можно: раздайте листы.' }));
    expect(listMessages(up.db, newcomer.email).map((m) => m.subject)).toEqual([CONFIRMATION]);

    expect((await confirm(up.confirmationToken(newcomer.email))).status).toBe(200);
    await up.app.request(`/__dev__/support/${request.id}`, post({ reply: 'И ещё: обновите страницу.' }));
    await up.app.request(`/__dev__/author-questions/${question.id}`, post({ answer: 'Или покажите на доске.' }));
    expect(listMessages(up.db, newcomer.email).map((m) => m.subject)).toEqual([
      'Авторы ответили на ваш вопрос',
      `Ответ на обращение № ${request.id}`,
      CONFIRMATION,
    ]);
  });

  it('counts a completed password recovery as a confirmation: the code came to the address', async () => {
    const { up } = await registered();
    await up.call('restoreSend', { body: { email: newcomer.email } });
    const code = /(\d{6})/.exec(listMessages(up.db, newcomer.email)[0]!.body)![1]!;
    const done = await up.call('restoreConfirm', {
      body: { email: newcomer.email, code, password: 'another-long-password' },
    });
    expect(done.status).toBe(200);
    const { token } = await up.login({ email: newcomer.email, password: 'another-long-password' });
    expect((await up.call('profile', { token: token.authToken })).envelope.result).toMatchObject({
      emailConfirmed: true,
    });
  });

  it('counts a one-time sign-in link as a confirmation: it came to the address', async () => {
    const { up, profile } = await registered();
    const user = up.db.prepare('SELECT id, email FROM users WHERE email = ?').get(newcomer.email) as {
      id: number;
      email: string;
    };
    const pass = createPass(up.db, user, up.clock.time);
    expect((await up.call('pass', { body: { pass } })).status).toBe(200);
    expect((await profile()).emailConfirmed).toBe(true);
  });

  it('keeps demo accounts confirmed', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    expect((await up.call('profile', { token: token.authToken })).envelope.result).toMatchObject({
      emailConfirmed: true,
    });
  });
});

describe('the names rule at the upstream (ADR 220)', () => {
  it.each([
    ['firstName', 'Аня 😀', 'Только буквы, пробел, дефис и апостроф'],
    ['lastName', '-Иванова', 'Начните с буквы'],
    ['lastName', 'Щ'.repeat(51), 'Не более 50 символов'],
  ])('refuses %s «%s» at its field', async (field, value, message) => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('register', {
      body: { ...newcomer, [field]: value, portalOrigin: TEST_PORTAL },
    });
    expect(status).toBe(400);
    expect(envelope.errors).toContainEqual({ code: 'validation', field, message });
  });

  it('takes letters of any alphabet, hyphens and apostrophes', async () => {
    const up = await createTestUpstream();
    const { status } = await up.call('register', {
      body: { ...newcomer, firstName: 'Zoë', lastName: 'O’Брайен-Мюллер', portalOrigin: TEST_PORTAL },
    });
    expect(status).toBe(200);
  });
});
