import { z } from 'zod';
import { fieldRules } from '~/forms/fields';

export const schema = z.object({
  lastName: fieldRules.name('фамилию'),
  firstName: fieldRules.name('имя'),
  middleName: fieldRules.optionalName,
  phone: fieldRules.phone,
  city: fieldRules.optionalText(100),
  organization: fieldRules.optionalText(200),
});
