import { z } from 'zod';

/** The contract's limit (contract/tender.ts), repeated here: client code takes nothing from the contract but types. */
const QUESTION_MAX = 2000;

/** The question to the contest's organisers; the same limits as the upstream's. */
export const questionSchema = z.object({
  text: z
    .string({ required_error: 'Напишите вопрос' })
    .trim()
    .min(10, 'Вопрос слишком короткий: не менее 10 символов')
    .max(QUESTION_MAX, `Не более ${QUESTION_MAX} символов`),
});
