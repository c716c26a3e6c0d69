import { hashPassword } from '../crypto';
import { redeemRecoveryCode, createRecoveryCode } from '../db/recovery';
import { markEmailConfirmed } from '../db/email-confirmations';
import { mailWait, sendMail } from '../db/outbox';
import { mailWaitingLetters } from '../dictation/waiting-mail';
import { revokeUserSessions } from '../db/sessions';
import { findUserByEmail, setPasswordHash } from '../db/users';
import type { CallRegistrar } from '../http/calls';
import { fail } from '../http/envelope';
import type { Services } from '../services';

export function registerRecoveryRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  // The answer is the same whether or not the address has an account, so the form cannot be used to probe for one.
  calls.open('restoreSend', ({ body }) => {
    const user = findUserByEmail(db, body.email);
    // A code is made only when its letter may go now: a request held back leaves the last code working,
    // and answers alike, so the wait tells nothing about the address either.
    const letter = user && { to: user.email, kind: 'recovery' as const, userId: user.id };
    if (user && letter && mailWait(db, letter, now()) === 0) {
      const code = createRecoveryCode(db, user, now());
      sendMail(db, { ...letter, ...recoveryMessage(user.email, code) }, now());
    }
    return {};
  });

  calls.open('restoreConfirm', async ({ body }) => {
    const user = findUserByEmail(db, body.email);
    if (!user || !redeemRecoveryCode(db, user.id, body.code, now())) {
      throw fail(400, 'invalid_code', 'Неверный или устаревший код', 'code');
    }
    const passwordHash = await hashPassword(body.password);
    // Whoever knew the old password may hold sessions; a reset is the moment to end all of them.
    db.transaction(() => {
      setPasswordHash(db, user.id, passwordHash, now());
      revokeUserSessions(db, user.id, now());
      // The code came by mail: the address is the user's; what waited for it goes now.
      if (markEmailConfirmed(db, user.id, now())) mailWaitingLetters(db, user, services.portalOrigin, now());
    })();
    // Whose password it was: the portal ends every session of the account, whatever address it signed in with.
    return { id: user.id };
  });
}

function recoveryMessage(to: string, code: string) {
  return {
    to,
    subject: 'Восстановление пароля',
    body:
      `Ваш код для восстановления пароля: ${code}\n\n` +
      'Код действует 30 минут. Если вы не запрашивали восстановление пароля, просто проигнорируйте это письмо.',
  };
}
