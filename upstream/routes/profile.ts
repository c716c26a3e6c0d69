import { hashPassword, verifyPassword } from '../crypto';
import {
  cancelPendingChange,
  createConfirmation,
  EMAIL_CHANGES_PER_DAY,
  emailChangeWait,
  recordEmailChange,
} from '../db/email-confirmations';
import { mailWait, resendWaitMessage, sendMail } from '../db/outbox';
import { revokeUserSessions, startSession } from '../db/sessions';
import {
  findUserByEmail,
  findUserById,
  hasConfirmedEmail,
  readProfile,
  setEmail,
  setPasswordHash,
  setPopup,
  updateProfileFields,
} from '../db/users';
import { changeNoticeMessage, confirmationMessage, newAddressMessage } from '../email-letters';
import type { CallRegistrar } from '../http/calls';
import { fail, unauthorized } from '../http/envelope';
import type { Services } from '../services';
import { plural } from '#shared/plural';
import { hours, minutes } from '#shared/time';

export function registerProfileRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  function profileOf(userId: number) {
    const profile = readProfile(db, userId, now());
    if (!profile) throw unauthorized();
    return profile;
  }

  calls.authenticated('profile', ({ session }) => profileOf(session.userId));

  calls.authenticated('updateProfile', ({ session, body }) => {
    updateProfileFields(db, session.userId, body, now());
    return profileOf(session.userId);
  });

  /**
   * A new sign-in address, asked for with the current password. Per account at most
   * `EMAIL_CHANGES_PER_DAY` requests that passed the password check in 24 hours (429 after); the letters go through
   * the mailer's caps (a confirmation to the new address waits longer with each one, counted per address
   * and per account). An unconfirmed address is replaced at once and the new one gets the confirmation letter; a
   * confirmed one stays in force until the link mailed to the new one is used, and gets a notice without the new
   * address in full. A taken address is said as registration says it (409 at the e-mail field).
   */
  calls.authenticated('changeEmail', async ({ session, body }) => {
    const user = findUserById(db, session.userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
      throw fail(400, 'invalid_password', 'Текущий пароль указан неверно', 'currentPassword');
    }
    const time = now();
    if (body.email === user.email.toLowerCase()) {
      throw fail(400, 'same_email', 'Это и есть ваш нынешний адрес: укажите другой', 'email');
    }
    const wait = emailChangeWait(db, user.id, time);
    if (wait > 0) throw fail(429, 'email_change_limit', changeLimitMessage(wait));
    const confirmed = hasConfirmedEmail(user);
    if (findUserByEmail(db, body.email)) {
      recordEmailChange(db, user.id, time);
      throw fail(409, 'email_taken', 'Пользователь с таким адресом уже зарегистрирован', 'email');
    }
    const mailed = mailWait(db, { to: body.email, kind: 'confirmation', userId: user.id }, time);
    if (mailed > 0) throw fail(429, 'mail_too_soon', resendWaitMessage(mailed));
    return db.transaction(() => {
      recordEmailChange(db, user.id, time);
      if (!confirmed && !setEmail(db, user.id, body.email, time)) {
        throw fail(409, 'email_taken', 'Пользователь с таким адресом уже зарегистрирован', 'email');
      }
      // The earlier links stop working: only this letter's link confirms.
      const token = createConfirmation(db, user.id, body.email, time);
      const link = `${services.portalOrigin}/confirm-email/${encodeURIComponent(token)}`;
      const letter = confirmed ? newAddressMessage(body.email, link) : confirmationMessage(body.email, link);
      sendMail(db, { ...letter, kind: 'confirmation', userId: user.id }, time);
      if (confirmed) {
        sendMail(db, { ...changeNoticeMessage(user.email, body.email), kind: 'other', userId: user.id }, time);
      }
      return { state: confirmed ? ('pending' as const) : ('replaced' as const) };
    })();
  });

  calls.authenticated('changePassword', async ({ session, body }) => {
    const user = findUserById(db, session.userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
      throw fail(400, 'invalid_password', 'Текущий пароль указан неверно', 'currentPassword');
    }
    const passwordHash = await hashPassword(body.newPassword);
    // Every session ends, the caller's too (its cookies may have been copied); the caller gets a new one.
    return db.transaction(() => {
      setPasswordHash(db, user.id, passwordHash, now());
      // A change of address still waiting is called off: it may be a thief's, whom the new password shuts out.
      cancelPendingChange(db, user.id, now());
      revokeUserSessions(db, user.id, now());
      const { authToken, refreshToken } = startSession(db, user.id, now(), services.authTokenTtlMs);
      return { id: user.id, token: { authToken, refreshToken } };
    })();
  });

  calls.authenticated('popup', ({ session, query }) => {
    setPopup(db, session.userId, query.popup, query.value === 'Y');
    return {};
  });
}

/** «Адрес можно менять не чаще…» with the wait, in hours once it is an hour or more. */
function changeLimitMessage(waitMs: number): string {
  const wait =
    waitMs >= hours(1)
      ? plural(Math.ceil(waitMs / hours(1)), { one: 'час', few: 'часа', many: 'часов' })
      : plural(Math.max(1, Math.ceil(waitMs / minutes(1))), { one: 'минуту', few: 'минуты', many: 'минут' });
  return `Адрес можно менять не чаще ${EMAIL_CHANGES_PER_DAY} раз в сутки. Следующая смена — через ${wait}.`;
}
