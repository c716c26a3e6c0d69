import { z } from 'zod';
import { fieldRules } from '~/forms/fields';

export const schema = z.object({
  email: fieldRules.email,
  password: fieldRules.currentPassword,
  redirectTo: z.string().optional(),
});
