/** Dates, numbers and plurals for the Russian UI: always `ru-RU`, always Moscow time (shown as «мск»). */

const LOCALE = 'ru-RU';
const TIME_ZONE = 'Europe/Moscow';

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

/** A calendar day given as `YYYY-MM-DD` is read at Moscow noon, so no time zone moves it to another day. */
function dayOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+03:00`) : new Date(value);
}

/** «23 ноября 2026 г.» */
export function formatDate(value: string): string {
  return dateFormat.format(dayOf(value));
}

/** «понедельник, 23 ноября» */
export function formatWeekday(value: string): string {
  return weekdayFormat.format(dayOf(value));
}

/** «23 ноября, 14:05 мск» */
export function formatDateTime(value: string): string {
  return `${dateTimeFormat.format(new Date(value))} мск`;
}
