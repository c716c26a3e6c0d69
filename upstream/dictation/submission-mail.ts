import type { EventRow, ParticipationRow } from '../db/dictation';

/**
 * The mail that confirms a submitted dictation (issue 28): which dictation, when the text was received
 * (Moscow time, as the portal shows times), how much of it arrived, and when the results come. It says what the
 * upstream holds, so a participant who doubts a click has it in writing.
 */

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/** «27 ноября 2026 г. в 15:00 мск», as the portal writes it. */
export const moscowDateTime = (ms: number) => `${dateTime.format(ms)} мск`;

const plurals = new Intl.PluralRules('ru-RU');
const count = (n: number, [one, few, many]: [string, string, string]) => {
  const form = plurals.select(n);
  return `${n} ${form === 'one' ? one : form === 'few' ? few : many}`;
};

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
      : `${count(characters, ['знак', 'знака', 'знаков'])}, ${count(words, ['слово', 'слова', 'слов'])}`;
  return {
    to,
    subject: `Диктант сдан: ${event.title}`,
    body:
      `Ваш диктант «${event.title}» получен ${moscowDateTime(row.finished_at!)}.\n\n` +
      `Принято: ${received}. Текст больше не меняется.\n\n` +
      `Результаты — ${moscowDateTime(event.results_at)}: оценка, ошибки и сертификат участника появятся ` +
      'в личном кабинете, в разделе «Диктанты».',
  };
}
