import { z } from 'zod';
import { fieldRules, withConfirmation } from '~/forms/fields';

/** Step 1: the address the code goes to. */
export const requestSchema = z.object({ intent: z.literal('request'), email: fieldRules.email });

/** Step 2: the code from the letter and the new password. */
export const confirmSchema = withConfirmation(
  {
    intent: z.literal('confirm'),
    email: fieldRules.email,
    code: fieldRules.recoveryCode,
    password: fieldRules.newPassword,
  },
  'password',
  'passwordConfirm',
);
