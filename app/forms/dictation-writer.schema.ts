import { z } from 'zod';

/** The contract's DICTATION_TEXT_MAX: the upstream refuses a longer text by field. */
export const DICTATION_TEXT_LIMIT = 5_000;

/**
 * What the writing form sends: the text and the revision it is saved under (the loaded revision plus one for
 * each save; the upstream keeps the highest). An empty text is a text too: the page may be opened and left.
 */
export const dictationTextSchema = z.object({
  text: z.string().max(DICTATION_TEXT_LIMIT, 'Текст слишком длинный: не более 5000 знаков').default(''),
  revision: z.coerce.number().int().min(1).max(1_000_000_000),
});

/**
 * The writing page's forms by `intent` (the button pressed): «Начать диктант» sends nothing else; «Сохранить» and
 * «Завершить диктант» send the text, the latter `confirmed=1` once the participant has confirmed.
 */
export const dictationWritingForms = {
  start: z.object({}),
  save: dictationTextSchema,
  finish: dictationTextSchema.extend({ confirmed: z.unknown() }),
};
