import { afterEach, describe, expect, it } from 'vitest';
import { readCalendarEvent } from '../../tests/calendar-file';
import { calendarFile } from './calendar.server';

const ZONE_BEFORE = process.env.TZ;
afterEach(() => {
  if (ZONE_BEFORE === undefined) delete process.env.TZ;
  else process.env.TZ = ZONE_BEFORE;
});

async function datesOf(startsAt: string, endsAt: string) {
  const response = calendarFile(
    {
      uid: 'event-1@portal',
      title: 'Мастер-класс',
      startsAt,
      endsAt,
      description: '',
      location: null,
      url: 'https://portal/',
    },
    'Мастер-класс.ics',
  );
  const text = await response.text();
  return {
    lines: text.split('\r\n').filter((line) => /^DT(START|END);TZID=/.test(line)),
    event: readCalendarEvent(text),
  };
}

describe('calendar files in Moscow time (ADR 234)', () => {
  // A server in any zone writes the same file: Moscow's clock, whatever the process's own zone (Node reads TZ
  // again when it changes). Berlin's and New York's DST changes and Moscow's UTC+4 of 2010 are among the cases.
  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'])('on a server in %s', async (zone) => {
    process.env.TZ = zone;
    for (const [startsAt, endsAt, start, end] of [
      ['2026-11-30T07:00:00.000Z', '2026-11-30T08:30:00.000Z', '20261130T100000', '20261130T113000'],
      ['2026-03-29T23:30:00+00:00', '2026-03-30T01:00:00+03:00', '20260330T023000', '20260330T010000'],
      ['2026-03-28T23:30:00Z', '2026-03-29T01:00:00Z', '20260329T023000', '20260329T040000'],
      ['2010-07-01T10:00:00Z', '2010-07-01T12:00:00Z', '20100701T140000', '20100701T160000'],
      ['2026-12-31T22:59:59.500Z', '2026-12-31T23:00:00Z', '20270101T015959', '20270101T020000'],
    ] as const) {
      const { lines, event } = await datesOf(startsAt, endsAt);
      // ical-generator puts the earlier of the two first.
      const [first, second] = start < end ? [start, end] : [end, start];
      expect(lines).toEqual([`DTSTART;TZID=Europe/Moscow:${first}`, `DTEND;TZID=Europe/Moscow:${second}`]);
      expect(event.startZone).toBe('Europe/Moscow');
      // The file's VTIMEZONE is today's Moscow (UTC+3), so a reader takes 2010's clock time as UTC+3 too.
      if (startsAt.startsWith('2010')) continue;
      expect([event.start, event.end].sort()).toEqual(
        [new Date(startsAt).toISOString(), new Date(endsAt).toISOString()]
          .map((iso) => iso.replace(/\.\d+Z$/, '.000Z'))
          .sort(),
      );
    }
  });
});
