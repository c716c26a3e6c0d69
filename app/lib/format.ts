/**
 * Russian formatting of dates, counts, durations and sizes, all through Intl (ru-RU). Times are Moscow's,
 * labelled «мск» where a time of day is shown, so a teacher in Novosibirsk knows which clock it is on.
 */

import { pluralWord, type PluralForms } from '#shared/plural';

const LOCALE = 'ru-RU';
const MOSCOW = 'Europe/Moscow';

const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: MOSCOW });
const weekday = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', timeZone: MOSCOW });
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: MOSCOW,
});
const integer = new Intl.NumberFormat(LOCALE);
// Made once: a formatter costs far more to build than to use (it was a tenth of a content list's CPU; ADR 031).
const units = {
  hour: new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'hour', unitDisplay: 'short' }),
  minute: new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
};
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });
const fileSizes = [0, 1].map((digits) => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }));

/** A calendar day given as `YYYY-MM-DD` is read at Moscow noon, so no time zone moves it to another day. */
function dayOf(value: string | number | Date): Date {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T12:00:00+03:00`)
    : new Date(value);
}

/** «23 ноября 2026 г.», the day in Moscow. */
export function formatDate(value: string | number | Date): string {
  return date.format(dayOf(value));
}

/** «понедельник, 23 ноября». */
export function formatWeekday(value: string | number | Date): string {
  return weekday.format(dayOf(value));
}

/** «23 ноября 2026 г. в 15:00 мск». */
export function formatMoscowDateTime(value: string | number | Date): string {
  return `${dateTime.format(new Date(value))} мск`;
}

export type { PluralForms };

/** «1 участник», «3 участника», «5 участников», «1 200 участников»: the count grouped as Russian writes it. */
export function pluralize(count: number, forms: PluralForms): string {
  return `${integer.format(count)} ${pluralWord(count, forms)}`;
}

/** «45 мин», «1 ч», «1 ч 30 мин». */
export function formatDuration(minutes: number): string {
  const unit = (value: number, name: keyof typeof units) => units[name].format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** «42 %». */
export function formatPercent(fraction: number): string {
  return percent.format(fraction);
}

const SIZE_UNITS = ['Б', 'КБ', 'МБ', 'ГБ'] as const;

/** «840 Б», «12 КБ», «3,4 МБ»: binary steps, one decimal below ten. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let step = 0;
  while (value >= 1024 && step < SIZE_UNITS.length - 1) {
    value /= 1024;
    step += 1;
  }
  const digits = step > 0 && value < 10 ? 1 : 0;
  return `${fileSizes[digits]!.format(value)} ${SIZE_UNITS[step]}`;
}

const moscowTime = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: MOSCOW });
const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW });

/** «12:34 мск»: a time of day today, such as when a text was last saved. */
export function formatMoscowTime(value: string | number | Date): string {
  return `${moscowTime.format(new Date(value))} мск`;
}

/** «10:00–11:30 мск»: a span of time on the Moscow clock. */
export function formatMoscowTimeRange(start: string | number | Date, end: string | number | Date): string {
  return `${moscowTime.format(new Date(start))}–${moscowTime.format(new Date(end))} мск`;
}

/** «2026-11-23»: the calendar day an instant falls on in Moscow, as the contract writes dates. */
export function moscowDate(value: string | number | Date): string {
  return moscowDay.format(new Date(value));
}

/**
 * «Материалы к «Программе»» is wrong in Russian: quotes inside «ёлочки» are „лапки“. The one way a title is
 * quoted: «…» around it, and any «…» inside it turned into „…“.
 */
export function quote(text: string): string {
  return `«${text.replace(/«/g, '„').replace(/»/g, '“')}»`;
}

/**
 * Ends a sentence with one period: a sentence ending in an abbreviation («2026 г.») or in its own mark keeps
 * it, so a date never comes out as «7 декабря 2026 г..».
 */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

const ON_WEEKDAY: Record<string, string> = {
  понедельник: 'в понедельник',
  вторник: 'во вторник',
  среда: 'в среду',
  четверг: 'в четверг',
  пятница: 'в пятницу',
  суббота: 'в субботу',
  воскресенье: 'в воскресенье',
};

/** «в субботу, 28 ноября», «во вторник, 24 ноября»: the day as «когда?» asks it (после «откроется»). */
export function formatOnWeekday(value: string | number | Date): string {
  const [day = '', rest = ''] = formatWeekday(value).split(', ');
  return `${ON_WEEKDAY[day] ?? day}, ${rest}`;
}
