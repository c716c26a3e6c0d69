/**
 * Dates, numbers and plurals for Russian UI text, all through Intl. Times are Moscow's, labelled «мск», so a
 * teacher in Novosibirsk knows which clock a start time is on.
 */

const LOCALE = 'ru-RU';
const MOSCOW = 'Europe/Moscow';

const dateTime = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: MOSCOW,
});
const plurals = new Intl.PluralRules(LOCALE);
const integer = new Intl.NumberFormat(LOCALE);
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });

/** «23 ноября 2026 г. в 15:00 мск». */
export function formatMoscowDateTime(value: string | number | Date): string {
  return `${dateTime.format(new Date(value))} мск`;
}

/** Russian nouns after numbers: `one` (1, 21), `few` (2–4, 22), `many` (5–20, 11–14, 25). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

/** «1 участник», «3 участника», «5 участников». */
export function pluralize(count: number, forms: PluralForms): string {
  const rule = plurals.select(count);
  const word = rule === 'one' ? forms.one : rule === 'few' ? forms.few : forms.many;
  return `${integer.format(count)} ${word}`;
}

/** «45 минут», «1 час», «1 ч 30 мин». */
export function formatMinutes(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return pluralize(m, { one: 'минута', few: 'минуты', many: 'минут' });
  if (m === 0) return pluralize(h, { one: 'час', few: 'часа', many: 'часов' });
  return `${integer.format(h)} ч ${integer.format(m)} мин`;
}

/** «0:07», «12:34», «1:02:03»: a place in a recording. */
export function formatClock(totalSeconds: number): string {
  const s = Math.floor(totalSeconds % 60);
  const m = Math.floor(totalSeconds / 60) % 60;
  const h = Math.floor(totalSeconds / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** «42 %». */
export function formatPercent(fraction: number): string {
  return percent.format(fraction);
}
