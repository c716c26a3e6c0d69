import { hashPassword, verifyPassword } from '../crypto';
import { revokeUserSessions, startSession } from '../db/sessions';
import { findUserById, readProfile, setPasswordHash, setPopup, updateProfileFields } from '../db/users';
import type { CallRegistrar } from '../http/calls';
import { fail, unauthorized } from '../http/envelope';
import type { Services } from '../services';

export function registerProfileRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  function profileOf(userId: number) {
    const profile = readProfile(db, userId);
    if (!profile) throw unauthorized();
    return profile;
  }

  calls.authenticated('profile', ({ session }) => profileOf(session.userId));

  calls.authenticated('updateProfile', ({ session, body }) => {
    updateProfileFields(db, session.userId, body, now());
    return profileOf(session.userId);
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
