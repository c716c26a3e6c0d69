import { expect, test, type Page } from '@playwright/test';
import { announcer, tabTo } from './keyboard';
import { addFault, clearFaults, DEMO, heading, login, PROFILE_CALL, registerUser } from './helpers';

/**
 * What a screen-reader user meets on every page (docs/decisions/222-accessibility-mechanisms.md): the landmarks
 * and headings of the three layouts, focus and one announcement after each client-side navigation, and a
 * query-only navigation that leaves focus where it was.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

test.afterEach(async () => {
  await clearFaults();
});

test.describe('landmarks and headings', () => {
  test('the public layout: banner with the main navigation, main with one h1, contacts', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('body')).toMatchAriaSnapshot(`
      - link "Перейти к содержимому"
      - banner:
        - link "Образовательный портал"
        - navigation "Основная навигация"
      - main:
        - heading "Вход" [level=1]
      - contentinfo:
        - list "Контакты"
    `);
  });

  test('the cabinet layout: banner with the account, the sections menu, main with one h1', async ({ page }) => {
    await login(page, DEMO.teacher);
    await page.goto('/lk/scenarios');
    await expect(page.locator('body')).toMatchAriaSnapshot(`
      - link "Перейти к содержимому"
      - banner:
        - link "Образовательный портал"
        - link "Профиль"
        - button "Выйти"
      - navigation "Разделы личного кабинета"
      - main:
        - heading "Сценарии" [level=1]
      - contentinfo:
        - list "Контакты"
    `);
  });

  test('the profile layout: the settings menu, main with the h1 and a named form', async ({ page }) => {
    await login(page, DEMO.teacher);
    await page.goto('/profile');
    await expect(page.locator('body')).toMatchAriaSnapshot(`
      - link "Перейти к содержимому"
      - banner:
        - link "Образовательный портал"
        - button "Выйти"
      - navigation "Настройки профиля"
      - main:
        - heading "Профиль" [level=1]
        - form "Личные данные":
          - heading "Личные данные" [level=2]
      - contentinfo:
        - list "Контакты"
    `);
  });
});

test.describe('route changes', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'without JavaScript every navigation is a page load');

  test('a new page takes focus to its h1 and is announced by its title', async ({ page }) => {
    await login(page, DEMO.teacher);
    const menu = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
    await menu.getByRole('link', { name: 'Сценарии' }).click();
    await expect(heading(page)).toHaveText('Сценарии');
    await expect(heading(page)).toBeFocused();
    await expect(announcer(page)).toHaveText('Сценарии | Образовательный портал');
    // One live region on the page: no screen adds a second one for page changes.
    await expect(page.locator('[aria-live="polite"]:not(.field-error)')).toHaveCount(1);

    // The heading takes focus from scripts only: Tab goes on from it, to the first control of the page.
    await page.keyboard.press('Tab');
    await expect(heading(page)).not.toBeFocused();
  });

  test('a query-only navigation (a saved form) keeps focus on the control that caused it', async ({
    page,
  }, testInfo) => {
    await login(page, await registerUser(testInfo, 'focus'));
    await page.goto('/profile');
    const city = page.getByLabel('Город');
    await city.fill('Казань');
    const save = page.getByRole('button', { name: 'Сохранить' });
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile\?saved=1#saved$/);
    await expect(page.getByRole('button', { name: 'Сохранено' })).toBeFocused();
  });

  test('back and forward restore the scroll position; focus moves without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 480 });
    await login(page, DEMO.teacher);
    await page.goto('/lk/support');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    // A script's click does not scroll to the link first, as a mouse click may.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.side-nav a[href="/lk/testing"]')!.click());
    await expect(heading(page)).toHaveText('Тестирование');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(heading(page)).toHaveText('Поддержка');
    await expect(heading(page)).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(announcer(page)).toHaveText('Поддержка | Образовательный портал');
  });

  test('with reduced motion the progress bar stands still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page, DEMO.teacher);
    await addFault({ path: PROFILE_CALL, latencyMs: 1_500, times: 1 });
    await page
      .getByRole('navigation', { name: 'Разделы личного кабинета' })
      .getByRole('link', { name: 'Сценарии' })
      .click();
    const progress = page.getByRole('progressbar', { name: 'Загрузка страницы' });
    await expect(progress).toBeVisible();
    expect(await progress.evaluate((bar) => getComputedStyle(bar, '::before').animationName)).toBe('none');
    await expect(heading(page)).toHaveText('Сценарии');
  });
});

test.describe('the session time limit', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the countdown runs in the page');

  async function warning(page: Page) {
    return page.getByRole('region', { name: 'Сеанс скоро завершится' });
  }

  test('warns five minutes before logout, can be continued by keyboard, then signs out at the end', async ({
    page,
  }) => {
    await page.clock.install();
    await login(page, DEMO.teacher);
    await expect(heading(page)).toHaveText('Личный кабинет');

    // docs/product.md §4.6: 68 hours from the page load; the warning comes 5 minutes before.
    await page.clock.fastForward(68 * HOUR - 5 * MINUTE + 1_000);
    const region = await warning(page);
    await expect(region).toBeVisible();
    await expect(region.getByRole('timer')).toHaveText(/^0[45]:\d\d$/);
    await expect(announcer(page)).toContainText(
      'Сеанс скоро завершится: до выхода из личного кабинета осталось 5 минут',
    );

    // The timer is not a live region: it is read on request, not every second.
    await expect(region.getByRole('timer')).not.toHaveAttribute('aria-live', /polite|assertive/);
    await page.clock.fastForward(3 * MINUTE);
    await expect(announcer(page)).toContainText('До выхода из личного кабинета осталось 2 минуты');

    await tabTo(page, region.getByRole('button', { name: 'Продолжить работу' }));
    await page.keyboard.press('Enter');
    await expect(region).toHaveCount(0);
    await page.clock.fastForward(60 * MINUTE);
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();

    // Without an answer, logout runs when the time is up.
    await page.clock.fastForward(68 * HOUR);
    await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  });
});
