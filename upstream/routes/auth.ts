import type { CallResult } from '#contract';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../crypto';
import { consumePass } from '../db/passes';
import { findSessionByRefreshToken, issueAuthToken, revokeSession, startSession } from '../db/sessions';
import { createUser, findUserByEmail, type UserRow } from '../db/users';
import type { CallRegistrar } from '../http/calls';
import { fail, unauthorized } from '../http/envelope';
import type { Services } from '../services';

export function registerAuthRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  function logIn(userId: number): CallResult<'login'> {
    const { authToken, refreshToken } = startSession(db, userId, now(), services.authTokenTtlMs);
    return { id: userId, token: { authToken, refreshToken } };
  }

  calls.open('register', async ({ body }) => {
    const passwordHash = await hashPassword(body.password);
    const id = createUser(db, { ...body, passwordHash, role: 'participant' }, now());
    if (id === null) throw fail(409, 'email_taken', 'Пользователь с таким адресом уже зарегистрирован', 'email');
    return logIn(id);
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
