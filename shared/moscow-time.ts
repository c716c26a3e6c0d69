/**
 * The one Moscow date formatter of the portal: its pages (app/, the browser included), its server and the
 * reference upstream's letters and PDFs. Every event is held in Moscow, so times are Moscow's, labelled «мск»
 * where a time of day is shown, so a teacher in Novosibirsk knows which clock it is on. All through Intl (ru-RU).
 */

import { days, hours } from './time';

const LOCALE = 'ru-RU';
/** The zone of every time the portal shows (and of its calendar files). */
export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

// Made once: a formatter costs far more to build than to use (it was a tenth of a content list's CPU).
const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: MOSCOW_TIME_ZONE });
const weekday = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: MOSCOW_TIME_ZONE,
});
const dateTimeFields = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: MOSCOW_TIME_ZONE,
} as const;
const dateTime = new Intl.DateTimeFormat(LOCALE, dateTimeFields);
const dateTimeSeconds = new Intl.DateTimeFormat(LOCALE, { ...dateTimeFields, second: '2-digit' });
const time = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: MOSCOW_TIME_ZONE });
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW_TIME_ZONE });

type Instant = string | number | Date;

/** Noon in Moscow of a calendar day `YYYY-MM-DD`: an instant no time zone moves to another day (the one offset). */
export function moscowNoon(day: string): number {
  return Date.parse(`${day}T12:00:00+03:00`);
}

/** A calendar day given as `YYYY-MM-DD` is read at Moscow noon. */
function dayOf(value: Instant): Date {
  return new Date(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? moscowNoon(value) : value);
}

/** «23 ноября 2026 г.», the day in Moscow (of an instant, or of a `YYYY-MM-DD` calendar day). */
export function formatDate(value: Instant): string {
  return date.format(dayOf(value));
}

/** «понедельник, 23 ноября». */
export function formatWeekday(value: Instant): string {
  return weekday.format(dayOf(value));
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
export function formatOnWeekday(value: Instant): string {
  const [day = '', rest = ''] = formatWeekday(value).split(', ');
  return `${ON_WEEKDAY[day] ?? day}, ${rest}`;
}

/** «23 ноября 2026 г. в 15:00 мск»; with `seconds`, «23 ноября 2026 г. в 15:00:07 мск» (the dev outbox's letters). */
export function formatMoscowDateTime(value: Instant, options: { seconds?: boolean } = {}): string {
  return `${(options.seconds ? dateTimeSeconds : dateTime).format(new Date(value))} мск`;
}

/** «12:34 мск»: a time of day today, such as when a text was last saved. */
export function formatMoscowTime(value: Instant): string {
  return `${time.format(new Date(value))} мск`;
}

/** «10:00–11:30 мск»: a span of time on the Moscow clock. */
export function formatMoscowTimeRange(start: Instant, end: Instant): string {
  return `${time.format(new Date(start))}–${time.format(new Date(end))} мск`;
}

/** Moscow keeps UTC+3 all year (no daylight saving since 2014): its midnight is plain arithmetic. */
const MOSCOW_OFFSET = hours(3);

/** The instant Moscow's day of `now` began (epoch milliseconds). */
export function moscowMidnight(now: number): number {
  return Math.floor((now + MOSCOW_OFFSET) / days(1)) * days(1) - MOSCOW_OFFSET;
}

/** «2026-11-23»: the calendar day an instant falls on in Moscow, as the contract writes dates. */
export function moscowDate(value: Instant): string {
  return isoDay.format(new Date(value));
}
