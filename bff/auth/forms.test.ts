import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../rest/errors.server';
import { upstreamErrors } from './forms.server';

describe('upstreamErrors', () => {
  it('puts field errors next to their (renamed) fields and the rest above the form', () => {
    const error = new UpstreamError('rejected', 'login', 400, [
      { code: 'invalid_credentials', message: 'Неверный пароль', field: 'password' },
      { code: 'x', message: 'Неверный логин', field: 'login' },
      { code: 'y', message: 'Общая ошибка' },
    ]);
    expect(upstreamErrors(error, { login: 'email' })).toEqual({
      fieldErrors: { password: ['Неверный пароль'], email: ['Неверный логин'] },
      formErrors: ['Общая ошибка'],
    });
  });

  it('turns an upstream that failed or did not answer into a form-level message', () => {
    expect(upstreamErrors(new UpstreamError('unavailable', 'login', null)).formErrors).toEqual([
      'Сервер не ответил. Проверьте подключение к интернету и отправьте форму ещё раз.',
    ]);
    expect(upstreamErrors(new UpstreamError('status', 'login', 503)).formErrors).toEqual([
      'Не удалось выполнить запрос (ошибка 503). Попробуйте ещё раз.',
    ]);
  });

  it('rethrows anything that is not an upstream failure', () => {
    const redirect = new Response(null, { status: 302 });
    expect(() => upstreamErrors(redirect)).toThrow();
  });
});
