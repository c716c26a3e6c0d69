import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream } from '../testing';
import { hours, minutes } from '#shared/time';

const newUser = {
  email: 'New.User@Example.org',
  password: 'long-enough-password',
  firstName: 'Мария',
  lastName: 'Кузнецова',
  phone: '79161234567',
  portalOrigin: 'http://portal.test',
};

describe('register', () => {
  it('creates a participant and logs them in', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('register', { body: newUser });
    expect(status).toBe(200);
    const { id, token } = envelope.result as { id: number; token: { authToken: string } };
    const profile = await up.call('profile', { token: token.authToken });
    expect(profile.envelope.result).toMatchObject({ id, email: 'new.user@example.org', role: 'participant' });
  });

  it('refuses an address that is taken, in any letter case', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('register', { body: { ...newUser, email: 'TEACHER@example.org' } });
    expect(status).toBe(409);
    expect(envelope.errors).toEqual([
      { code: 'email_taken', field: 'email', message: 'Пользователь с таким адресом уже зарегистрирован' },
    ]);
  });
});

describe('login and adminAuth', () => {
  it('returns a login result for the demo teacher', async () => {
    const up = await createTestUpstream();
    const result = await up.login();
    expect(result.token.authToken).toMatch(/^[\w-]{43}$/);
    expect(result.token.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(up.count('sessions')).toBe(1);
  });

  it.each([
    ['wrong password', DEMO_USERS.teacher.email, 'not-the-password'],
    ['unknown address', 'nobody@example.org', 'demo-password'],
  ])('answers 400 invalid_credentials for a %s', async (_, login, password) => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('login', { body: { login, password } });
    expect(status).toBe(400);
    expect(envelope.errors).toEqual([
      { code: 'invalid_credentials', field: 'password', message: 'Неверный адрес электронной почты или пароль' },
    ]);
  });

  it('lets only admins into the admin panel', async () => {
    const up = await createTestUpstream();
    const admin = DEMO_USERS.admin;
    expect((await up.call('adminAuth', { body: { login: admin.email, password: admin.password } })).status).toBe(200);
    const teacher = DEMO_USERS.teacher;
    const refused = await up.call('adminAuth', { body: { login: teacher.email, password: teacher.password } });
    const wrong = await up.call('adminAuth', { body: { login: teacher.email, password: 'wrong-password' } });
    // A non-admin's right password gets exactly the answer of a wrong one.
    expect(refused.status).toBe(400);
    expect(refused.envelope).toEqual(wrong.envelope);
    expect(refused.envelope.errors[0]).toMatchObject({ code: 'invalid_credentials', field: 'password' });
  });
});

describe('tokens', () => {
  it('stores no raw token anywhere in the database', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    await up.call('refresh', { query: { token: token.refreshToken, type: 'prolong' } });
    const tables = up.db.column("SELECT name FROM sqlite_master WHERE type = 'table'") as string[];
    const dump = JSON.stringify(tables.map((table) => up.db.prepare(`SELECT * FROM ${table}`).all()));
    expect(dump).not.toContain(token.authToken);
    expect(dump).not.toContain(token.refreshToken);
  });

  it('rejects a missing, unknown or expired auth token with 401', async () => {
    const up = await createTestUpstream({ authTokenTtlSeconds: 60 });
    const { token } = await up.login();
    expect((await up.call('profile')).status).toBe(401);
    expect((await up.call('profile', { token: 'not-a-token' })).envelope.errors[0]?.code).toBe('unauthorized');
    expect((await up.call('profile', { token: token.authToken })).status).toBe(200);
    up.clock.advance(minutes(1));
    expect((await up.call('profile', { token: token.authToken })).status).toBe(401);
  });

  it('refresh issues a new auth token for the same session and keeps the refresh token', async () => {
    const up = await createTestUpstream({ authTokenTtlSeconds: 60 });
    const { id, token } = await up.login();
    up.clock.advance(hours(1));
    const { status, envelope } = await up.call('refresh', { query: { token: token.refreshToken, type: 'prolong' } });
    expect(status).toBe(200);
    const fresh = envelope.result as { id: number; token: { authToken: string } };
    expect(fresh.id).toBe(id);
    expect(fresh.token.authToken).not.toBe(token.authToken);
    expect((await up.call('profile', { token: fresh.token.authToken })).status).toBe(200);
    expect(up.count('sessions')).toBe(1);
    const again = await up.call('refresh', { query: { token: token.refreshToken, type: 'prolong' } });
    expect(again.status).toBe(200);
  });

  it('refuses unknown and year-old refresh tokens with 401, and a missing one with 400', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    expect((await up.call('refresh', { query: { token: 'unknown', type: 'prolong' } })).status).toBe(401);
    expect((await up.call('refresh', { query: { type: 'prolong' } })).status).toBe(400);
    up.clock.advance(hours(24 * 366));
    expect((await up.call('refresh', { query: { token: token.refreshToken, type: 'prolong' } })).status).toBe(401);
  });

  it('logout revokes the session: its auth token and its refresh token stop working', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const other = await up.login();
    const out = await up.call('logout', { token: token.authToken, query: { debug: 'Y' } });
    expect(out).toEqual({ status: 200, envelope: { success: true, result: {}, errors: [] } });
    expect((await up.call('profile', { token: token.authToken })).status).toBe(401);
    expect((await up.call('refresh', { query: { token: token.refreshToken, type: 'prolong' } })).status).toBe(401);
    expect((await up.call('logout', { token: token.authToken, query: { debug: 'Y' } })).status).toBe(401);
    expect((await up.call('profile', { token: other.token.authToken })).status).toBe(200);
  });
});
