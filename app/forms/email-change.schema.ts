import { z } from 'zod';
import { fieldRules } from '~/forms/fields';

export const schema = z.object({
  email: fieldRules.email,
  currentPassword: z.string({ required_error: 'Введите текущий пароль' }).pipe(fieldRules.currentPassword),
});
