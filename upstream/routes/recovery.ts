import { hashPassword } from '../crypto';
import { redeemRecoveryCode, createRecoveryCode } from '../db/recovery';
import { markEmailConfirmed } from '../db/email-confirmations';
import { writeMessage } from '../db/outbox';
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
    if (user) {
      const code = createRecoveryCode(db, user.id, now());
      writeMessage(db, recoveryMessage(user.email, code), now());
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
      // The code came by mail: the address is the user's (ADR 053).
      markEmailConfirmed(db, user.id, now());
    })();
    return {};
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
