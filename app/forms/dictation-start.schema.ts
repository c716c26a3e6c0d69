import { z } from 'zod';

/** «Начать диктант»: which of the user's dictations to open (a fresh invitation link is issued for it). */
export const startDictationSchema = z.object({
  id: z.coerce.number({ invalid_type_error: 'Выберите диктант' }).int().positive(),
});
