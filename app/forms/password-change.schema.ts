import { z } from 'zod';
import { fieldRules, withConfirmation } from '~/forms/fields';

export const schema = withConfirmation(
  {
    currentPassword: z.string({ required_error: 'Введите текущий пароль' }).pipe(fieldRules.currentPassword),
    newPassword: fieldRules.newPassword,
  },
  'newPassword',
  'passwordConfirm',
);
