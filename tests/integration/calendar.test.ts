import { describe, expect, it } from 'vitest';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { readCalendarEvent } from '../calendar-file';
import { DEMO_USERS, pageText } from './harness';
import { headingOf } from './page';
import { useServers } from './servers';

/** «Добавить в календарь» (ADR 234): the `.ics` files of master classes and law-week events, without JavaScript. */

const servers = useServers();
const UPCOMING_MASTER_CLASS = 40;

async function teacher() {
  const browser = servers.portal.client();
  await browser.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
  return browser;
}

function expectDownload(response: Response, name: RegExp) {
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
  expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename=.*filename\*=UTF-8''/);
  expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(response.headers.get('Content-Disposition')!)![1]!)).toMatch(
    name,
  );
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
}

describe('calendar files', () => {
  it('an upcoming master class offers its event in Moscow time with the zone’s VTIMEZONE', async () => {
    const browser = await teacher();
    const page = await (await browser.request(`/lk/master-classes/${UPCOMING_MASTER_CLASS}`)).text();
    const href = /<a class="calendar-link" href="([^"]+)" download/.exec(page)![1]!;
    expect(href).toBe(`/lk/master-classes/${UPCOMING_MASTER_CLASS}/calendar.ics`);
    expect(pageText(page)).toContain('Добавить в календарь');
    const startsAt = /<time dateTime="([^"]+)"/.exec(page)![1]!;
    const title = /<h1>([^<]+)<\/h1>/.exec(page)![1]!;

    const response = await browser.request(href);
    expectDownload(response, /\.ics$/);
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain('DTSTART;TZID=Europe/Moscow:');
    const event = readCalendarEvent(text);
    expect(event.zones).toEqual(['Europe/Moscow']);
    expect(event.startZone).toBe('Europe/Moscow');
    expect(event.summary).toBe(title.replace(/&quot;/g, '"').replace(/&#x27;/g, "'"));
    expect(event.start).toBe(new Date(startsAt).toISOString());
    expect(Date.parse(event.end)).toBeGreaterThan(Date.parse(event.start));
    expect(event.uid).toBe(`master-class-${UPCOMING_MASTER_CLASS}@${new URL(servers.portal.origin).host}`);
    expect(event.stamp).toMatch(/Z$/);
    expect(event.location).toBe(`https://live.example.org/master-classes/${UPCOMING_MASTER_CLASS}`);
  });

  it('a law-week event not yet over offers its event', async () => {
    const browser = await teacher();
    const page = await (await browser.request('/lk/law-week')).text();
    const links = [...page.matchAll(/<a class="calendar-link" href="(\/lk\/law-week\/events\/(\d+)\/calendar\.ics)"/g)];
    expect(links.length).toBeGreaterThan(0);
    const [, href] = links.at(-1)!;
    const response = await browser.request(href!);
    expectDownload(response, /\.ics$/);
    const event = readCalendarEvent(await response.text());
    expect(event.startZone).toBe('Europe/Moscow');
    expect(pageText(page)).toContain(event.summary);
    expect(Date.parse(event.end)).toBeGreaterThan(Date.now());
  });

  it('a dictation still to be written offers its writing window; a checked one offers none (ADR 239)', async () => {
    const browser = await teacher();
    const list = await (await browser.request('/lk/dictations')).text();
    const links = [...list.matchAll(/<a class="calendar-link" href="(\/lk\/dictations\/(\d+)\/calendar\.ics)"/g)];
    expect(links.length).toBeGreaterThan(0);
    for (const [, href, id] of links) {
      const page = await (await browser.request(`/lk/dictations/${id}`)).text();
      expect(page).toContain(`<a class="calendar-link" href="${href}" download`);
      const response = await browser.request(href!);
      expectDownload(response, /\.ics$/);
      const text = await response.text();
      expect(text).toContain('DTSTART;TZID=Europe/Moscow:');
      const event = readCalendarEvent(text);
      expect(event.startZone).toBe('Europe/Moscow');
      expect(event.summary).toBe(headingOf(page));
      // The writing window, as the page gives it.
      expect(pageText(page)).toContain(
        `Написание с ${formatMoscowDateTime(event.start)} до ${formatMoscowDateTime(event.end)}`,
      );
      expect(Date.parse(event.end)).toBeGreaterThan(Date.now());
      expect(event.description).toContain('с нажатия «Начать диктант»');
      expect(event.description).toContain(`${servers.portal.origin}/lk/dictations/${id}`);
      expect(event.uid).toMatch(new RegExp(`^dictation-\\d+@${new URL(servers.portal.origin).host}$`));
    }
    // A checked dictation: nothing to remind of, no link and no file.
    const checked = await (await browser.request('/lk/dictations/2')).text();
    expect(checked).not.toContain('class="calendar-link"');
    expect((await browser.request('/lk/dictations/2/calendar.ics')).status).toBe(404);
  });

  it('needs a session, and is the 404 page for an unknown event', async () => {
    const guest = servers.portal.client();
    const signedOut = await guest.request(`/lk/master-classes/${UPCOMING_MASTER_CLASS}/calendar.ics`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
    const browser = await teacher();
    for (const path of [
      '/lk/master-classes/999/calendar.ics',
      '/lk/law-week/events/999/calendar.ics',
      '/lk/law-week/events/x/calendar.ics',
      '/lk/dictations/999/calendar.ics',
    ]) {
      expect((await browser.request(path)).status, path).toBe(404);
    }
  });
});
