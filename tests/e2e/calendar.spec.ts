import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readCalendarEvent } from '../calendar-file';
import { DEMO, heading, login } from './helpers';

/** «Добавить в календарь» (ADR 234), with JavaScript on and off: the file a calendar application would import. */

test('a teacher adds an upcoming master class and a law-week event to the calendar', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk/master-classes/40');
  const title = (await heading(page).textContent())!;
  const startsAt = await page.locator('.webinar__when time').getAttribute('datetime');

  const [masterClass] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Добавить в календарь/ }).click(),
  ]);
  expect(masterClass.suggestedFilename()).toMatch(/\.ics$/);
  const event = readCalendarEvent(await readFile((await masterClass.path())!, 'utf8'));
  expect(event.summary).toBe(title);
  expect(event.startZone).toBe('Europe/Moscow');
  expect(event.zones).toEqual(['Europe/Moscow']);
  expect(event.start).toBe(new Date(startsAt!).toISOString());

  await page.goto('/lk/law-week');
  const link = page.getByRole('link', { name: /Добавить в календарь/ }).last();
  const [lawWeek] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const lawWeekEvent = readCalendarEvent(await readFile((await lawWeek.path())!, 'utf8'));
  expect(lawWeekEvent.startZone).toBe('Europe/Moscow');
  await expect(page.getByRole('heading', { level: 3, name: lawWeekEvent.summary }).first()).toBeVisible();
});

test('a participant adds a dictation still to be written, its writing window in Moscow time (ADR 239)', async ({
  page,
}) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk/dictations/4');
  const title = (await heading(page).textContent())!;
  const link = page.getByRole('link', { name: /^Добавить в календарь/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${title}.ics`);
  const event = readCalendarEvent(await readFile((await download.path())!, 'utf8'));
  expect(event.summary).toBe(title);
  expect(event.startZone).toBe('Europe/Moscow');
  expect(Date.parse(event.end)).toBeGreaterThan(Date.parse(event.start));
  expect(event.description).toContain('с нажатия «Начать диктант»');
});
