import type { EventRow, ParticipationRow } from '../db/dictation';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';

/**
 * The mail that confirms a submitted dictation (issue 28): which dictation, when the text was received
 * (Moscow time, as the portal shows times), how much of it arrived, and when the results come. It says what the
 * upstream holds, so a participant who doubts a click has it in writing.
 */

const segmenter = new Intl.Segmenter('ru', { granularity: 'word' });

/** Characters as a reader counts them (code points, spaces included) and words as Russian has them. */
export function textSize(text: string): { characters: number; words: number } {
  return {
    characters: [...text].length,
    words: [...segmenter.segment(text)].filter((part) => part.isWordLike).length,
  };
}

export function submissionMessage(to: string, event: EventRow, row: ParticipationRow) {
  const { characters, words } = textSize(row.text);
  const received =
    characters === 0
      ? 'пустой текст'
      : `${plural(characters, { one: 'знак', few: 'знака', many: 'знаков' })}, ${plural(words, { one: 'слово', few: 'слова', many: 'слов' })}`;
  return {
    to,
    subject: `Диктант сдан: ${event.title}`,
    body:
      `Ваш диктант «${event.title}» получен ${formatMoscowDateTime(row.finished_at!)}.\n\n` +
      `Принято: ${received}. Текст больше не меняется.\n\n` +
      `Результаты — ${formatMoscowDateTime(event.results_at)}: оценка, ошибки и сертификат участника появятся ` +
      'в личном кабинете, в разделе «Диктанты».',
  };
}
