import { z } from 'zod';
import { MESSAGE_MAX, MESSAGE_MIN } from '~/forms/limits';

/** The user's answer back on one of their support requests; the upstream checks the same. */
export const supportReplySchema = z.object({
  requestId: z.coerce.number().int().positive(),
  message: z
    .string({ required_error: 'Напишите ответ' })
    .trim()
    .min(MESSAGE_MIN, `Сообщение слишком короткое: не менее ${MESSAGE_MIN} символов`)
    .max(MESSAGE_MAX, `Не более ${MESSAGE_MAX} символов`),
});
