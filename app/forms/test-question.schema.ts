import { z } from 'zod';

/** The contract's TEXT_ANSWER_MAX (tests/integration/testing.test.ts holds them equal); the contract stays out of the browser. */
export const ANSWER_TEXT_MAX = 200;

/**
 * One question's form. The button pressed is the intent: `answer-{n}` saves the answer (required)
 * and goes to question n, `go-{n}` saves it if one is given and goes to question n, `finish` («Завершить тест») saves it
 * if given and goes to the attempt's summary, where alone the attempt is finished (ADR 237). The kind says which field must be filled.
 */
export const answerSchema = z
  .object({
    attemptId: z.number().int().positive(),
    questionId: z.number().int().positive(),
    kind: z.enum(['single', 'multiple', 'text']),
    intent: z.string().regex(/^(?:(?:answer|go)-\d{1,3}|finish)$/),
    optionIds: z.array(z.number().int().positive()).max(20).default([]),
    text: z
      .string()
      .trim()
      .max(ANSWER_TEXT_MAX, `Ответ слишком длинный: не более ${ANSWER_TEXT_MAX} символов`)
      .default(''),
  })
  .superRefine(({ intent, kind, optionIds, text }, context) => {
    if (!intent.startsWith('answer-')) return;
    if (kind === 'text' && text === '') {
      context.addIssue({ code: 'custom', path: ['text'], message: 'Впишите ответ' });
    } else if (kind !== 'text' && optionIds.length === 0) {
      const message = kind === 'single' ? 'Выберите один вариант ответа' : 'Отметьте хотя бы один вариант ответа';
      context.addIssue({ code: 'custom', path: ['optionIds'], message });
    }
  });

export type AnswerForm = z.output<typeof answerSchema>;
