import contentDisposition from 'content-disposition';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { DateTime } from 'luxon';

/** Every event the portal offers is held in Moscow; calendars show it in the reader's own zone (ADR 028). */
const ZONE = 'Europe/Moscow';

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
 * One event as an RFC 5545 calendar file (ADR 028): start and end in Moscow time with its VTIMEZONE, DTSTAMP in
 * UTC, offered for download under a Russian name. Personal: the route that answers it is signed in.
 */
export function calendarFile(event: CalendarEvent, fileName: string): Response {
  const calendar = ical({
    prodId: { company: 'Образовательный портал', product: 'Личный кабинет', language: 'RU' },
    // No calendar-wide zone, or DTSTAMP would lose its UTC «Z»: the zone is the events', its VTIMEZONE generated.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const start = DateTime.fromISO(event.startsAt, { zone: ZONE });
  calendar.createEvent({
    id: event.uid,
    start,
    end: DateTime.fromISO(event.endsAt, { zone: ZONE }),
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

/** «Мастер-класс.ics» with the characters file systems refuse replaced, within a sane length. */
export function calendarFileName(title: string): string {
  return `${title
    .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
    .slice(0, 80)
    .trim()}.ics`;
}
