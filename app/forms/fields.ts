import { z } from 'zod';
import { normalizePhone } from '../lib/mask';
import { NAME_MESSAGES, nameProblem } from '#shared/names';

/** A name checked by the one rule of `#shared/names`, its message at the field. */
const nameRule = (schema: z.ZodString) =>
  schema.superRefine((name, ctx) => {
    const problem = nameProblem(name);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

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
  /** A first or last name: required, the names rule of `#shared/names`. */
  name: (label: string) =>
    nameRule(
      z
        .string({ required_error: NAME_MESSAGES.required(label) })
        .trim()
        .min(1, NAME_MESSAGES.required(label)),
    ),
  /** A patronymic: may be empty, otherwise the same rule. */
  optionalName: nameRule(z.string().trim()).default(''),
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

/**
 * A new password typed twice: the second must match the first. The check stands beside the other fields (an
 * intersection), not after them (an object refinement): zod skips a refinement once a field is missing, so
 * «Пароли не совпадают» would come a round later than the other mistakes. One submission reports them all.
 */
export function withConfirmation<T extends z.ZodRawShape, C extends string>(
  shape: T,
  field: keyof T & string,
  confirm: C,
) {
  const confirmation = z
    .object({ [field]: z.unknown(), [confirm]: z.string({ required_error: 'Повторите пароль' }) })
    .superRefine((value: Record<string, unknown>, ctx) => {
      if (typeof value[field] === 'string' && value[field] !== value[confirm]) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [confirm], message: 'Пароли не совпадают' });
      }
    })
    .transform((value) => ({ [confirm]: value[confirm] }) as Record<C, string>);
  return z.object(shape).and(confirmation) as unknown as z.ZodType<
    z.output<z.ZodObject<T>> & Record<C, string>,
    z.ZodTypeDef,
    z.input<z.ZodObject<T>> & Record<C, string>
  >;
}
