import { z } from 'zod';
import { QUESTION_MAX, QUESTION_MIN } from '~/forms/limits';

/** A question to the authors; the upstream checks the same and that the topic is one of its own. */
export const authorQuestionSchema = z.object({
  topic: z.string({ required_error: 'Выберите тему вопроса' }).regex(/^[a-z0-9-]{1,40}$/, 'Выберите тему из списка'),
  text: z
    .string({ required_error: 'Напишите вопрос' })
    .trim()
    .min(QUESTION_MIN, `Вопрос слишком короткий: не менее ${QUESTION_MIN} символов`)
    .max(QUESTION_MAX, `Не более ${QUESTION_MAX} символов`),
});
