import { z } from 'zod';
import { fieldRules, withConfirmation } from '~/forms/fields';

export const schema = withConfirmation(
  {
    lastName: fieldRules.name('фамилию'),
    firstName: fieldRules.name('имя'),
    email: fieldRules.email,
    phone: fieldRules.phone,
    password: fieldRules.newPassword,
    consent: fieldRules.consent('Подтвердите согласие на обработку персональных данных'),
    /** Where to come back to (checked by safeRedirect), as on /login: a registration for a dictation, say. */
    redirectTo: z.string().optional(),
  },
  'password',
  'passwordConfirm',
);
