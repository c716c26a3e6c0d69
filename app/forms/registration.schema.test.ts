import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { schema } from './registration.schema';
import { schema as profileSchema } from './profile.schema';

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

const valid = {
  lastName: 'Иванова',
  firstName: 'Анна',
  email: 'anna@example.org',
  phone: '+7 (900) 123-45-67',
  password: 'secret-123',
  passwordConfirm: 'secret-123',
  consent: 'on',
};

function errorsOf(entries: Record<string, string>) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === 'success' ? null : (submission.error as Record<string, string[]>);
}

describe('the registration schema', () => {
  it('accepts a complete form', () => {
    const submission = parseWithZod(form(valid), { schema });
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toMatchObject({
      firstName: 'Анна',
      email: 'anna@example.org',
      phone: '79001234567',
      passwordConfirm: 'secret-123',
    });
  });

  it('reports every mistake in one round, the passwords that differ among them', () => {
    expect(
      errorsOf({
        lastName: '',
        firstName: 'Аня 😀',
        email: 'anna@',
        phone: '+7 (900) 12',
        password: 'secret-123',
        passwordConfirm: 'secret-321',
      }),
    ).toEqual({
      lastName: ['Укажите фамилию'],
      firstName: ['Только буквы, пробел, дефис и апостроф'],
      email: ['Введите корректный адрес электронной почты'],
      phone: ['Номер телефона должен содержать 10 цифр после +7'],
      passwordConfirm: ['Пароли не совпадают'],
      consent: ['Подтвердите согласие на обработку персональных данных'],
    });
  });

  it('says «Пароли не совпадают» with an empty form but for the passwords', () => {
    expect(errorsOf({ password: 'secret-123', passwordConfirm: 'secret-12' })?.passwordConfirm).toEqual([
      'Пароли не совпадают',
    ]);
  });

  it('refuses a name longer than 50 characters at its field', () => {
    expect(errorsOf({ ...valid, lastName: 'Щ'.repeat(51) })).toEqual({ lastName: ['Не более 50 символов'] });
  });
});

describe('the profile schema', () => {
  const profile = { lastName: 'Иванова', firstName: 'Анна', phone: '+7 (900) 123-45-67' };

  it('follows the same names rule, the patronymic too', () => {
    const submission = parseWithZod(form({ ...profile, firstName: 'Аня 😀', middleName: 'Сергеевна1' }), {
      schema: profileSchema,
    });
    expect(submission.status === 'success' ? null : submission.error).toEqual({
      firstName: ['Только буквы, пробел, дефис и апостроф'],
      middleName: ['Только буквы, пробел, дефис и апостроф'],
    });
  });

  it('lets the patronymic be empty', () => {
    expect(parseWithZod(form(profile), { schema: profileSchema }).status).toBe('success');
  });
});
