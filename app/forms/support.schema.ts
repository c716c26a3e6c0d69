import { z } from 'zod';
import { MESSAGE_MAX, MESSAGE_MIN } from '~/forms/limits';

/**
 * A support request; the upstream checks the same and that the topic is one of its own. No address to
 * reply to: replies go to the account's own (ADR 235).
 */
export const supportSchema = z.object({
  topic: z.string({ required_error: 'Выберите тему обращения' }).regex(/^[a-z0-9-]{1,40}$/, 'Выберите тему из списка'),
  message: z
    .string({ required_error: 'Опишите, что случилось' })
    .trim()
    .min(MESSAGE_MIN, `Сообщение слишком короткое: не менее ${MESSAGE_MIN} символов`)
    .max(MESSAGE_MAX, `Не более ${MESSAGE_MAX} символов`),
});
