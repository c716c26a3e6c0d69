import { expect, test, type Locator, type Page } from '@playwright/test';
import { heading, login, registerUser, upstreamUrl } from './helpers';

/**
 * The dictation day as a pupil lives it (issue 37, ADRs 241 and 239): the one action of the moment on the first screen, a
 * sound check and «Готовы?» before the hour starts, today's dictation first in the cabinet, and a dictation handed
 * in said to be done where «Написать диктант» stood.
 */

test.describe.configure({ timeout: 90_000 });

const EVENT = 'Всероссийский диктант';

async function onFirstScreen(target: Locator, height: number) {
  const box = (await target.boundingBox())!;
  expect(box, 'shown').not.toBeNull();
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

/** Invites the user to today's dictation, as the organisers would. */
async function invite(email: string) {
  const response = await fetch(upstreamUrl('/__dev__/dictation/invitations'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('the front page’s «Написать диктант» and /dictation’s «Начать диктант» are on the first screen', async ({
      page,
    }, testInfo) => {
      await page.goto('/');
      await onFirstScreen(page.getByRole('link', { name: 'Написать диктант' }), height);
      const user = await registerUser(testInfo, 'day-first-screen');
      await login(page, user);
      await page.goto('/dictation');
      await onFirstScreen(
        page.getByRole('article', { name: EVENT }).getByRole('button', { name: 'Начать диктант' }),
        height,
      );
    });
  });
}

test('«Начать диктант» opens a sound check and «Готовы?»; the hour starts with the second press only', async ({
  page,
}, testInfo) => {
  const user = await registerUser(testInfo, 'day-sound');
  await invite(user.email);
  await login(page, user);
  await page.goto('/lk/dictations');
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expect(heading(page)).toHaveText(EVENT);
  await expect(page.getByRole('heading', { name: 'Проверьте звук' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Готовы?' })).toBeVisible();
  await expect(page.getByLabel('Текст диктанта')).toHaveCount(0);
  await expect(page.locator('.countdown')).toHaveCount(0);

  // A few seconds of the voice, a plain player that plays without a script.
  const sound = page.getByLabel('Проверка звука');
  const src = (await sound.getAttribute('src'))!;
  expect(src).toMatch(/^\/dictation\/[\w-]{43}\/sound-check$/);
  const part = await page.request.get(src, { headers: { Range: 'bytes=0-3' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-type']).toBe('audio/ogg');
  // Its length is loaded with the page, script or none: the player never reads «0:00 / 0:00» before it plays.
  await expect
    .poll(() => sound.evaluate((el: HTMLAudioElement) => (Number.isFinite(el.duration) ? el.duration : 0)))
    .toBeGreaterThan(2);
  expect(await sound.evaluate((el: HTMLAudioElement) => el.duration)).toBeLessThan(15);
  // The cabinet still offers to start: nothing has started yet.
  const link = page.url();
  await page.goto('/lk/dictations');
  await expect(page.getByRole('button', { name: 'Продолжить диктант' })).toHaveCount(0);

  await page.goto(link);
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expect(page.getByLabel('Текст диктанта')).toBeVisible();
  // Someone who has started takes no step more: «Продолжить диктант» opens the writing.
  await page.goto('/lk/dictations');
  await page.getByRole('button', { name: 'Продолжить диктант' }).click();
  await expect(page.getByLabel('Текст диктанта')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Проверьте звук' })).toHaveCount(0);
});

/** Registers the signed-in user for the event now in registration, from the cabinet. */
async function registerForUpcoming(page: Page) {
  await page.goto('/lk/dictations');
  const open = page.getByRole('region', { name: 'Можно принять участие' });
  const register = open.getByRole('button', { name: 'Зарегистрироваться' });
  const before = await register.count();
  await register.first().click();
  // Done when the event has left the open ones: a page opened sooner would cancel the press.
  await expect(register).toHaveCount(before - 1);
}

test('today’s dictation leads the cabinet’s list, and once handed in the front page and /dictation say it is done', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const user = await registerUser(testInfo, 'day-order');
  await invite(user.email);
  await login(page, user);
  await registerForUpcoming(page);
  await page.goto('/lk/dictations');
  const titles = page.locator('ul.dictation-list').last().locator('.dictation-list__title');
  await expect(titles).toHaveCount(2);
  await expect(titles.first()).toHaveText(EVENT);

  // Write and hand in. The second press waits for the sound check: pressed while the list is still on screen, it
  // would press the list's button again, which opens the sound check and starts nothing.
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expect(page.getByRole('heading', { name: 'Проверьте звук' })).toBeVisible();
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await page.getByLabel('Текст диктанта').fill('Весной в наш город возвращаются скворцы.');
  if (javaScriptEnabled) page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Завершить диктант' }).click();
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Да, завершить' }).click();
  await expect(heading(page)).toHaveText('Диктант сдан');

  await page.goto('/');
  const card = page.getByRole('region', { name: 'Диктант сейчас' });
  await expect(card).toContainText(
    /Вы сдали этот диктант\. Результаты — \d{1,2} [а-я]+ \d{4} г\., в личном кабинете\./,
  );
  await expect(card.getByRole('link', { name: 'Написать диктант' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Мои диктанты' })).toHaveAttribute('href', '/lk/dictations');
  await page.goto('/dictation');
  const lead = page.getByRole('article', { name: EVENT });
  await expect(lead).toContainText('Вы уже сдали этот диктант.');
  await expect(lead.getByRole('button', { name: 'Начать диктант' })).toHaveCount(0);
});
