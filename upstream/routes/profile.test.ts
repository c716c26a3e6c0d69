import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream } from '../testing';

const teacher = DEMO_USERS.teacher;

describe('profile', () => {
  it('returns the demo teacher with no popups dismissed', async () => {
    const up = await createTestUpstream();
    const { id, token } = await up.login();
    const { status, envelope } = await up.call('profile', { token: token.authToken });
    expect(status).toBe(200);
    expect(envelope.result).toEqual({
      id,
      email: teacher.email,
      firstName: 'Анна',
      lastName: 'Иванова',
      middleName: 'Сергеевна',
      phone: '79001234567',
      city: 'Москва',
      organization: 'Школа № 1',
      role: 'teacher',
      emailConfirmed: true,
      pendingEmail: null,
      popups: {},
    });
  });

  it('saves the profile and returns it', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const fields = {
      firstName: ' Анна ',
      lastName: 'Петрова',
      middleName: '',
      phone: '79990000000',
      city: 'Казань',
      organization: 'Гимназия № 2',
    };
    const saved = await up.call('updateProfile', { token: token.authToken, body: fields });
    expect(saved.status).toBe(200);
    expect(saved.envelope.result).toMatchObject({ ...fields, firstName: 'Анна' });
    expect((await up.call('profile', { token: token.authToken })).envelope.result).toMatchObject({ city: 'Казань' });
  });

  it('reports invalid profile fields in Russian', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const { status, envelope } = await up.call('updateProfile', {
      token: token.authToken,
      body: { firstName: '', lastName: 'Петрова', middleName: '', phone: '89990000000', city: '', organization: '' },
    });
    expect(status).toBe(400);
    expect(envelope.errors).toEqual([
      { code: 'validation', field: 'firstName', message: 'Введите имя' },
      { code: 'validation', field: 'phone', message: 'Телефон должен содержать 11 цифр и начинаться с 7' },
    ]);
  });

  it('remembers popups as booleans', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    expect((await up.call('popup', { token: token.authToken, query: { popup: 'welcome', value: 'Y' } })).status).toBe(
      200,
    );
    expect((await up.call('profile', { token: token.authToken })).envelope.result).toMatchObject({
      popups: { welcome: true },
    });
    await up.call('popup', { token: token.authToken, query: { popup: 'welcome', value: 'N' } });
    expect((await up.call('profile', { token: token.authToken })).envelope.result).toMatchObject({
      popups: { welcome: false },
    });
    const unknown = await up.call('popup', { token: token.authToken, query: { popup: 'nope', value: 'Y' } });
    expect(unknown.envelope.errors).toEqual([{ code: 'validation', field: 'popup', message: 'Недопустимое значение' }]);
  });
});

describe('changePassword', () => {
  it('checks the current password', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const { status, envelope } = await up.call('changePassword', {
      token: token.authToken,
      body: { currentPassword: 'wrong-password', newPassword: 'another-password' },
    });
    expect(status).toBe(400);
    expect(envelope.errors).toEqual([
      { code: 'invalid_password', field: 'currentPassword', message: 'Текущий пароль указан неверно' },
    ]);
  });

  it('sets the new password, ends every session including this one, and answers with a new session', async () => {
    const up = await createTestUpstream();
    const here = await up.login();
    const elsewhere = await up.login();
    const { status, envelope } = await up.call('changePassword', {
      token: here.token.authToken,
      body: { currentPassword: teacher.password, newPassword: 'another-password' },
    });
    expect(status).toBe(200);
    const fresh = envelope.result as { id: number; token: { authToken: string; refreshToken: string } };
    expect(fresh.token.authToken).not.toBe(here.token.authToken);
    expect((await up.call('profile', { token: fresh.token.authToken })).status).toBe(200);
    for (const old of [here, elsewhere]) {
      expect((await up.call('profile', { token: old.token.authToken })).status).toBe(401);
      const refresh = await up.call('refresh', { query: { token: old.token.refreshToken, type: 'prolong' } });
      expect(refresh.status).toBe(401);
    }
    await up.login({ email: teacher.email, password: 'another-password' });
  });

  it('requires at least 8 characters for the new password', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const { envelope } = await up.call('changePassword', {
      token: token.authToken,
      body: { currentPassword: teacher.password, newPassword: 'short' },
    });
    expect(envelope.errors).toEqual([
      { code: 'validation', field: 'newPassword', message: 'Пароль должен содержать не менее 8 символов' },
    ]);
  });
});
