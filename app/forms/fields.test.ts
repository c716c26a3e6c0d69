import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldRules, withConfirmation } from './fields';

function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === 'success' ? undefined : (submission.error as Record<string, string[]> | null);
}

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe('fieldRules.phone', () => {
  it.each([
    ['+7 (900) 123-45-67', '79001234567'],
    ['8 900 123-45-67', '79001234567'],
    ['9001234567', '79001234567'],
  ])('normalises %s to %s', (input, expected) => {
    expect(fieldRules.phone.parse(input)).toBe(expected);
  });

  it('refuses a number that is too short, in Russian', () => {
    const result = fieldRules.phone.safeParse('+7 (900) 12');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Номер телефона должен содержать 10 цифр после +7');
  });

  it('asks for the number when it is missing', () => {
    const schema = z.object({ phone: fieldRules.phone });
    const submission = parseWithZod(form({ phone: '' }), { schema });
    expect(submission.status).toBe('error');
    expect(errorsOf(submission)?.phone).toEqual(['Укажите номер телефона']);
  });
});

describe('withConfirmation', () => {
  const schema = withConfirmation({ password: fieldRules.newPassword }, 'password', 'passwordConfirm');

  it('accepts the same password twice', () => {
    const submission = parseWithZod(form({ password: 'secret-123', passwordConfirm: 'secret-123' }), { schema });
    expect(submission.status).toBe('success');
  });

  it('puts a mismatch on the confirmation field', () => {
    const submission = parseWithZod(form({ password: 'secret-123', passwordConfirm: 'secret-124' }), { schema });
    expect(errorsOf(submission)).toEqual({ passwordConfirm: ['Пароли не совпадают'] });
  });

  it('asks for the confirmation when it is empty', () => {
    const submission = parseWithZod(form({ password: 'secret-123', passwordConfirm: '' }), { schema });
    expect(errorsOf(submission)?.passwordConfirm).toEqual(['Повторите пароль']);
  });

  it('explains a short password', () => {
    const submission = parseWithZod(form({ password: 'short', passwordConfirm: 'short' }), { schema });
    expect(errorsOf(submission)?.password).toEqual(['Пароль должен содержать не менее 8 символов']);
  });
});

describe('fieldRules.recoveryCode', () => {
  it('takes six digits', () => {
    expect(fieldRules.recoveryCode.parse(' 123456 ')).toBe('123456');
  });

  it.each(['12345', '1234567', '12a456'])('refuses %s', (code) => {
    expect(fieldRules.recoveryCode.safeParse(code).error?.issues[0]?.message).toBe('Код должен состоять из 6 цифр');
  });
});

describe('fieldRules.consent', () => {
  const schema = z.object({ consent: fieldRules.consent('Нужно согласие') });

  it('is satisfied by a ticked checkbox', () => {
    expect(parseWithZod(form({ consent: 'on' }), { schema }).status).toBe('success');
  });

  it('shows its message when the box is not ticked', () => {
    expect(errorsOf(parseWithZod(form({}), { schema }))).toEqual({ consent: ['Нужно согласие'] });
  });
});
