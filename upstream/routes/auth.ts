import type { CallResult } from '#contract';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../crypto';
import { consumeConfirmation, createConfirmation, markEmailConfirmed } from '../db/email-confirmations';
import { mailWait, resendWaitMessage, sendMail } from '../db/outbox';
import { consumePass } from '../db/passes';
import { findSessionByRefreshToken, issueAuthToken, revokeSession, startSession } from '../db/sessions';
import { createUser, findUserByEmail, findUserById, hasConfirmedEmail, type UserRow } from '../db/users';
import type { CallRegistrar } from '../http/calls';
import { fail, unauthorized } from '../http/envelope';
import type { Services } from '../services';
import { changedNoticeMessage, confirmationMessage } from '../email-letters';
import { mailWaitingLetters } from '../dictation/waiting-mail';

export function registerAuthRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  function logIn(userId: number): CallResult<'login'> {
    const { authToken, refreshToken } = startSession(db, userId, now(), services.authTokenTtlMs);
    return { id: userId, token: { authToken, refreshToken } };
  }

  /**
   * A new confirmation link by mail, when the mailer lets it go now: else nothing changes, the earlier
   * link keeps working, and the wait in milliseconds is returned. Every link the upstream mails points at its
   * configured portal origin, never at the `portalOrigin` a caller sends (issue 44).
   */
  function mailConfirmation(user: Pick<UserRow, 'id' | 'email'>): number {
    const wait = mailWait(db, { to: user.email, kind: 'confirmation', userId: user.id }, now());
    if (wait > 0) return wait;
    const token = createConfirmation(db, user.id, user.email, now());
    const link = `${services.portalOrigin}/confirm-email/${encodeURIComponent(token)}`;
    sendMail(db, { ...confirmationMessage(user.email, link), kind: 'confirmation', userId: user.id }, now());
    return 0;
  }

  calls.open('register', async ({ body }) => {
    // `portalOrigin` is not used: the letters link the configured origin only.
    const { portalOrigin: _ignored, ...fields } = body;
    const passwordHash = await hashPassword(fields.password);
    const id = createUser(db, { ...fields, passwordHash, role: 'participant' }, now());
    if (id === null) throw fail(409, 'email_taken', 'Пользователь с таким адресом уже зарегистрирован', 'email');
    mailConfirmation({ id, email: fields.email });
    return logIn(id);
  });

  calls.open('confirmEmail', ({ body }) => {
    const time = now();
    const done = consumeConfirmation(db, body.token, time);
    if (!done) {
      throw fail(
        400,
        'invalid_confirmation',
        'Ссылка для подтверждения недействительна, устарела или уже использована',
      );
    }
    const user = { id: done.userId, email: done.email };
    // The former address hears that the change is made.
    if (done.replaced) {
      sendMail(db, { ...changedNoticeMessage(done.replaced, done.email), kind: 'other', userId: user.id }, time);
    }
    // What waited for a confirmed address goes now.
    if (done.firstConfirmation) mailWaitingLetters(db, user, services.portalOrigin, time);
    return { confirmed: true as const, changed: done.replaced !== null };
  });

  calls.authenticated('resendConfirmation', ({ session }) => {
    const user = findUserById(db, session.userId)!;
    if (hasConfirmedEmail(user)) return { sent: false };
    const wait = mailConfirmation(user);
    // Each resend waits twice as long as the one before: said with the wait, nothing is sent.
    if (wait > 0) throw fail(429, 'mail_too_soon', resendWaitMessage(wait));
    return { sent: true };
  });

  calls.open('login', async ({ body }) => logIn((await checkCredentials(services, body.login, body.password)).id));

  calls.open('adminAuth', async ({ body }) => {
    const user = await checkCredentials(services, body.login, body.password);
    // The same answer as a wrong password: the admin form must not confirm a non-admin's password.
    if (user.role !== 'admin') throw invalidCredentials();
    return logIn(user.id);
  });

  calls.open('pass', ({ body }) => {
    const userId = consumePass(db, body.pass, now());
    if (userId === undefined) {
      throw fail(400, 'invalid_pass', 'Ссылка для входа недействительна или уже использована', 'pass');
    }
    // The link came by mail to the account's address: that proves the address; what waited for it goes.
    if (markEmailConfirmed(db, userId, now())) {
      mailWaitingLetters(db, findUserById(db, userId)!, services.portalOrigin, now());
    }
    return logIn(userId);
  });

  calls.open('refresh', ({ query }) => {
    const session = findSessionByRefreshToken(db, query.token, now());
    if (!session) throw unauthorized();
    return {
      id: session.userId,
      token: { authToken: issueAuthToken(db, session.sessionId, now(), services.authTokenTtlMs) },
    };
  });

  calls.authenticated('logout', ({ session }) => {
    revokeSession(db, session.sessionId, now());
    return {};
  });
}

/**
 * Wrong address and wrong password look the same from outside: same error, same field, same scrypt work. It is
 * a 400, not a 401, because the portal reads 401 as "your session expired".
 */
export async function checkCredentials(services: Services, login: string, password: string): Promise<UserRow> {
  const user = findUserByEmail(services.db, login);
  const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
  if (!user || !valid) throw invalidCredentials();
  return user;
}

function invalidCredentials() {
  return fail(400, 'invalid_credentials', 'Неверный адрес электронной почты или пароль', 'password');
}
