import ICAL from 'ical.js';

/**
 * A downloaded `.ics` file read back as a calendar application would (ical.js): the one event with its instants
 * resolved through the file's own VTIMEZONE, and what the file says about its zone.
 */
export function readCalendarEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const [vevent, ...others] = calendar.getAllSubcomponents('vevent');
  if (!vevent || others.length > 0) throw new Error('expected exactly one VEVENT');
  const event = new ICAL.Event(vevent);
  return {
    uid: event.uid,
    summary: event.summary,
    description: event.description,
    location: event.location,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    startZone: event.startDate.zone?.tzid,
    zones: zones.map((zone) => zone.getFirstPropertyValue('tzid')),
    stamp: String(vevent.getFirstProperty('dtstamp')?.toICALString() ?? ''),
  };
}
