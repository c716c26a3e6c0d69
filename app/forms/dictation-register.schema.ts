import { z } from 'zod';

/** «Зарегистрироваться»: which event (from `/dictation` and from the cabinet's list alike). */
export const registerDictationSchema = z.object({
  eventId: z.coerce
    .number({ invalid_type_error: 'Выберите диктант' })
    .int('Выберите диктант')
    .min(1, 'Выберите диктант')
    .max(2 ** 31 - 1, 'Выберите диктант'),
});
