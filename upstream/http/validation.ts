import type { z } from 'zod';
import type { ApiError } from '#contract';
import { plural } from '#shared/plural';

/**
 * Turns zod issues into the envelope's errors: one per issue, `field` = the first path segment, and a Russian
 * message the portal can show next to that field as is.
 */
export function toFieldErrors(issues: z.ZodIssue[]): ApiError[] {
  return issues.map((issue) => {
    const field = issue.path[0];
    const message = messageFor(issue, field === undefined ? undefined : String(field));
    return field === undefined
      ? { code: 'validation', message }
      : { code: 'validation', message, field: String(field) };
  });
}

const EMAIL = 'Введите корректный адрес электронной почты';
const PHONE = 'Телефон должен содержать 11 цифр и начинаться с 7';
const CODE = 'Код должен состоять из 6 цифр';

function messageFor(issue: z.ZodIssue, field: string | undefined): string {
  if (issue.code === 'invalid_type' && issue.received === 'undefined') {
    return field === undefined ? 'Тело запроса обязательно' : 'Заполните это поле';
  }
  if (issue.code === 'invalid_type') {
    return field === undefined ? 'Тело запроса должно быть объектом JSON' : 'Недопустимый тип значения';
  }
  switch (field) {
    case 'email':
    case 'login':
      return EMAIL;
    case 'password':
    case 'newPassword':
      if (isEmpty(issue)) return 'Введите пароль';
      if (issue.code === 'too_small') return `Пароль должен содержать не менее ${characters(issue.minimum)}`;
      if (issue.code === 'too_big') return `Пароль должен содержать не более ${characters(issue.maximum)}`;
      break;
    case 'currentPassword':
      if (isEmpty(issue)) return 'Введите текущий пароль';
      break;
    case 'phone':
      return PHONE;
    case 'code':
      return CODE;
    case 'firstName':
      if (isEmpty(issue)) return 'Введите имя';
      break;
    case 'lastName':
      if (isEmpty(issue)) return 'Введите фамилию';
      break;
  }
  return genericMessage(issue);
}

function genericMessage(issue: z.ZodIssue): string {
  switch (issue.code) {
    case 'custom':
      // The contract's own Russian messages (the names rule of `#shared/names`); other refinements speak English.
      return issue.params?.['russian'] === true ? issue.message : 'Некорректное значение';
    case 'too_small':
      return isEmpty(issue) ? 'Заполните это поле' : `Значение должно содержать не менее ${characters(issue.minimum)}`;
    case 'too_big':
      return `Значение должно содержать не более ${characters(issue.maximum)}`;
    case 'invalid_string':
      return issue.validation === 'email' ? EMAIL : 'Значение имеет неверный формат';
    case 'invalid_enum_value':
    case 'invalid_literal':
      return 'Недопустимое значение';
    default:
      return 'Некорректное значение';
  }
}

function isEmpty(issue: z.ZodIssue): boolean {
  return issue.code === 'too_small' && issue.type === 'string' && Number(issue.minimum) <= 1;
}

const characters = (count: number | bigint) => plural(count, { one: 'символ', few: 'символа', many: 'символов' });
