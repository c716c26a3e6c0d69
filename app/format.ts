/** Russian formatting of dates, sizes, durations and counts, all through Intl (ru-RU, Moscow time). */

const LOCALE = 'ru-RU';
const TIME_ZONE = 'Europe/Moscow';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: TIME_ZONE });
const plurals = new Intl.PluralRules(LOCALE);

/** «23 ноября 2026 г.» in Moscow time. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** The count with the word in the form the count takes: `pluralize(3, ['сценарий', 'сценария', 'сценариев'])`. */
export function pluralize(count: number, [one, few, many]: readonly [string, string, string]): string {
  const form = plurals.select(count);
  const word = form === 'one' ? one : form === 'few' ? few : many;
  return `${new Intl.NumberFormat(LOCALE).format(count)} ${word}`;
}

/** «45 мин», «1 ч 30 мин». */
export function formatDuration(minutes: number): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(LOCALE, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
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
  return `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }).format(value)} ${SIZE_UNITS[step]}`;
}
