import { expect, test, type Page } from '@playwright/test';
import { heading, login, registerUser } from './helpers';

/**
 * Master classes as a teacher uses them: find one in the list, watch part of its recording, come back later on
 * another device and carry on from there; without JavaScript the list, the page and the video still work.
 */

/** Seeded: the oldest recordings; every test signs up its own user, so nobody else's progress interferes. */
const PAST = { id: 4, title: 'Медиаграмотность: учим проверять новости' };

function video(page: Page) {
  return page.locator('video');
}

async function currentTime(page: Page): Promise<number> {
  return video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
}

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the player reports the place with a script');

  test('watch part of a recording, leave, come back on another device and resume there', async ({
    page,
    browser,
  }, testInfo) => {
    const user = await registerUser(testInfo, 'webinar');
    await login(page, user);
    await page
      .getByRole('navigation', { name: 'Разделы личного кабинета' })
      .getByRole('link', { name: 'Мастер-классы' })
      .click();
    await expect(heading(page)).toHaveText('Мастер-классы');
    await page.getByRole('link', { name: PAST.title }).click();
    await expect(heading(page)).toHaveText(PAST.title);

    // Muted, as a browser lets a page start playback without a click.
    await video(page).evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(7);
    const stoppedAt = await currentTime(page);
    await page.goto('/lk');
    await expect(heading(page)).toHaveText('Личный кабинет');

    const otherDevice = await browser.newContext();
    const other = await otherDevice.newPage();
    await login(other, user);
    await other.goto('/lk/master-classes');
    const card = other.getByRole('listitem').filter({ has: other.getByRole('link', { name: PAST.title }) });
    await expect(card).toContainText(/Просмотрено \d+\s%/);

    await card.getByRole('link', { name: PAST.title }).click();
    await expect(other.getByText(/Вы остановились на 0:\d\d/)).toBeVisible();
    await video(other).evaluate(
      (element: HTMLVideoElement) =>
        element.readyState >= 1 || new Promise((resolve) => element.addEventListener('loadedmetadata', resolve)),
    );
    const resumedAt = await currentTime(other);
    expect(resumedAt).toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);
    expect(resumedAt).toBeLessThanOrEqual(stoppedAt + 1);
    await otherDevice.close();
  });
});

/**
 * The page notices the watching as it plays: the resume line goes once the recording plays on, the
 * certificate's «Осталось посмотреть…» counts down, and «Сертификат о просмотре получен» appears without a
 * reload, at a phone's width and a desktop's.
 */
for (const width of [390, 1280]) {
  test(`at ${width} px the master class's page counts down as the recording plays and shows the certificate without a reload`, async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    test.skip(!javaScriptEnabled, 'the player reports the watch time with a script');
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 844 });
    const user = await registerUser(testInfo, `watch-live-${width}`);
    await login(page, user);
    await page.goto('/lk/master-classes/7');
    const play = () =>
      video(page).evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
    // A few seconds watched and paused (the pause is reported), then back: the page says where it stopped.
    await play();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await video(page).evaluate((element: HTMLVideoElement) => element.pause());
    await page.waitForTimeout(500);
    await page.reload();
    await expect(page.getByText(/^Вы остановились на 0:0\d/)).toBeVisible();
    const left = page.getByText(/^Осталось посмотреть \d+ с записи/);
    const secondsLeft = async () => Number(/(\d+) с/.exec((await left.textContent()) ?? '')?.[1] ?? NaN);
    const before = await secondsLeft();

    await play();
    await expect(page.getByText(/^Вы остановились на/)).toHaveCount(0);
    // Counting down while it plays, long before the next report.
    await expect.poll(secondsLeft, { timeout: 10_000 }).toBeLessThanOrEqual(before - 2);
    await expect
      .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.ended), { timeout: 40_000 })
      .toBe(true);
    await expect(page.getByText('Сертификат о просмотре получен')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('link', { name: /^Скачать сертификат \(PDF, [\d,]+ КБ\)$/ })).toBeVisible();
    await expect(page.getByText(/^Осталось посмотреть/)).toHaveCount(0);
  });
}

test.describe('without JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'the server-rendered pages on their own');

  test('the list, the page and a playable video that honours Range', async ({ page }, testInfo) => {
    await login(page, await registerUser(testInfo, 'webinar'));
    await page.goto('/lk/master-classes');
    await expect(heading(page)).toHaveText('Мастер-классы');
    await expect(page.getByRole('heading', { name: 'Предстоящие' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Прошедшие' })).toBeVisible();
    await expect(page.getByText(/ в \d\d:\d\d мск/).first()).toBeVisible();
    await expect(page.getByText(/· 5 участников$/).first()).toBeVisible();

    await page.getByRole('link', { name: PAST.title }).click();
    await expect(heading(page)).toHaveText(PAST.title);
    await expect(video(page)).toHaveAttribute('controls', '');
    await expect(video(page)).toHaveAttribute('preload', 'metadata');
    const src = await video(page).getAttribute('src');
    expect(src).toBe(`/lk/master-classes/${PAST.id}/recording`);

    const whole = await page.request.get(src!);
    expect(whole.status()).toBe(200);
    expect(whole.headers()['content-type']).toMatch(/^video\/mp4/);
    const size = (await whole.body()).length;
    const part = await page.request.get(src!, { headers: { Range: 'bytes=0-1023' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes 0-1023/${size}`);
    expect((await part.body()).length).toBe(1024);
  });
});
