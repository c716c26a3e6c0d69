import { z } from 'zod';
import { normalizePhone } from '../lib/mask';

/**
 * Field rules with their Russian messages, shared by the forms' zod schemas. They mirror the /rest contract's
 * limits (contract/account.ts) so that most mistakes are caught before the upstream sees them; the upstream
 * still validates and its messages land on the same fields.
 */
export const fieldRules = {
  email: z
    .string({ required_error: 'Введите адрес электронной почты' })
    .trim()
    .toLowerCase()
    .email('Введите корректный адрес электронной почты')
    .max(254, 'Адрес электронной почты слишком длинный'),
  currentPassword: z.string({ required_error: 'Введите пароль' }).max(128, 'Пароль слишком длинный'),
  newPassword: z
    .string({ required_error: 'Придумайте пароль' })
    .min(8, 'Пароль должен содержать не менее 8 символов')
    .max(128, 'Пароль должен содержать не более 128 символов'),
  name: (label: string) =>
    z
      .string({ required_error: `Укажите ${label}` })
      .trim()
      .min(1, `Укажите ${label}`)
      .max(100, 'Не более 100 символов'),
  optionalText: (max: number) => z.string().trim().max(max, `Не более ${max} символов`).default(''),
  phone: z
    .string({ required_error: 'Укажите номер телефона' })
    .transform(normalizePhone)
    .pipe(z.string().regex(/^7\d{10}$/, 'Номер телефона должен содержать 10 цифр после +7')),
  /** The six digits of a recovery code, as the upstream mails them. */
  recoveryCode: z
    .string({ required_error: 'Введите код из письма' })
    .trim()
    .regex(/^\d{6}$/, 'Код должен состоять из 6 цифр'),
  /** A checkbox that must be ticked (conform sends `on`, which it reads as true). */
  consent: (message: string) => z.literal(true, { errorMap: () => ({ message }) }),
};

/** A new password typed twice: the second must match the first. */
export function withConfirmation<T extends z.ZodRawShape, C extends string>(
  shape: T,
  field: keyof T & string,
  confirm: C,
) {
  const confirmation = { [confirm]: z.string({ required_error: 'Повторите пароль' }) } as Record<C, z.ZodString>;
  return z
    .object({ ...shape, ...confirmation })
    .refine((value: Record<string, unknown>) => value[field] === value[confirm], {
      path: [confirm],
      message: 'Пароли не совпадают',
    });
}
