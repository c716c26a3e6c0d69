import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contract } from '#contract';
import { toFieldErrors } from './validation';

function errorsFor(schema: z.ZodTypeAny, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : toFieldErrors(parsed.error.issues);
}

describe('toFieldErrors', () => {
  it('gives one Russian message per field of a bad registration', () => {
    expect(
      errorsFor(contract.register.body, {
        email: 'bad',
        password: '1234567',
        lastName: 'Иванова',
        phone: '+7 900',
        portalOrigin: 'http://localhost:3000',
      }),
    ).toEqual([
      { code: 'validation', field: 'email', message: 'Введите корректный адрес электронной почты' },
      { code: 'validation', field: 'password', message: 'Пароль должен содержать не менее 8 символов' },
      { code: 'validation', field: 'firstName', message: 'Заполните это поле' },
      { code: 'validation', field: 'phone', message: 'Телефон должен содержать 11 цифр и начинаться с 7' },
    ]);
  });

  it('asks for the login fields when they are empty', () => {
    expect(errorsFor(contract.login.body, { login: '', password: '' })).toEqual([
      { code: 'validation', field: 'login', message: 'Введите корректный адрес электронной почты' },
      { code: 'validation', field: 'password', message: 'Введите пароль' },
    ]);
  });

  it('counts characters with Russian plurals', () => {
    const [error] = errorsFor(contract.updateProfile.body, {
      firstName: 'А',
      lastName: 'Б',
      middleName: '',
      phone: '79001234567',
      city: 'г'.repeat(101),
      organization: '',
    });
    expect(error).toEqual({
      code: 'validation',
      field: 'city',
      message: 'Значение должно содержать не более 100 символов',
    });
    expect(
      errorsFor(contract.register.body, {
        email: 'a@b.ru',
        password: 'p'.repeat(129),
        firstName: 'А',
        lastName: 'Б',
        phone: '79001234567',
        portalOrigin: 'http://localhost:3000',
      }),
    ).toEqual([{ code: 'validation', field: 'password', message: 'Пароль должен содержать не более 128 символов' }]);
  });

  it('reports a missing body without a field', () => {
    expect(errorsFor(contract.login.body, undefined)).toEqual([
      { code: 'validation', message: 'Тело запроса обязательно' },
    ]);
  });
});
