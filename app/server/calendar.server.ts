import contentDisposition from 'content-disposition';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { MOSCOW_TIME_ZONE } from '#shared/moscow-time';

/** Every event the portal offers is held in Moscow; calendars show it in the reader's own zone. */
const ZONE = MOSCOW_TIME_ZONE;

export interface CalendarEvent {
  /** Stable across downloads, so adding the same event twice updates it instead of doubling it. */
  uid: string;
  title: string;
  startsAt: string;
  endsAt: string;
  description: string;
  location: string | null;
  /** The event's page on the portal. */
  url: string;
}

/**
 * One event as an RFC 5545 calendar file: start and end in Moscow time with its VTIMEZONE, DTSTAMP in
 * UTC, offered for download under a Russian name. Personal: the route that answers it is signed in.
 */
export function calendarFile(event: CalendarEvent, fileName: string): Response {
  const calendar = ical({
    prodId: { company: 'Образовательный портал', product: 'Личный кабинет', language: 'RU' },
    // No calendar-wide zone, or DTSTAMP would lose its UTC «Z»: the zone is the events', its VTIMEZONE generated.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: event.uid,
    start: new MoscowTime(event.startsAt),
    end: new MoscowTime(event.endsAt),
    timezone: ZONE,
    stamp: new Date(),
    summary: event.title,
    description: event.description,
    location: event.location,
    url: event.url,
  });
  return new Response(calendar.toString(), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': contentDisposition(fileName),
      'Cache-Control': 'private, no-store',
    },
  });
}

const moscowClock = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

type ClockFields = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

/**
 * An instant that reads as a Moscow clock: its local getters give the time in Moscow, whatever the server's own
 * zone, from Intl's zone data (which knows Moscow's past offsets too). It has the shape ical-generator recognises
 * as a zoned date (`internal`, `withTimeZone`, `tzComponents`, as `@date-fns/tz`'s TZDate), so the file says
 * `DTSTART;TZID=Europe/Moscow:` with Moscow's time; everything else about it is the Date of the same instant.
 */
class MoscowTime extends Date {
  readonly internal: Date;
  readonly #clock: ClockFields;

  constructor(iso: string) {
    super(iso);
    this.internal = new Date(this.getTime());
    this.#clock = Object.fromEntries(
      moscowClock
        .formatToParts(this.internal)
        .filter(({ type }) => type !== 'literal')
        .map(({ type, value }) => [type, Number(value)] as const),
    ) as ClockFields;
  }

  withTimeZone(zone: string): MoscowTime {
    if (zone !== ZONE) throw new Error(`MoscowTime cannot show ${zone}`);
    return this;
  }

  tzComponents(): ClockFields {
    return { ...this.#clock };
  }

  override getFullYear() {
    return this.#clock.year;
  }
  override getMonth() {
    return this.#clock.month - 1;
  }
  override getDate() {
    return this.#clock.day;
  }
  override getHours() {
    return this.#clock.hour;
  }
  override getMinutes() {
    return this.#clock.minute;
  }
  override getSeconds() {
    return this.#clock.second;
  }
}

/** «Мастер-класс.ics» with the characters file systems refuse replaced, within a sane length. */
export function calendarFileName(title: string): string {
  return `${title
    .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
    .slice(0, 80)
    .trim()}.ics`;
}
