import { expect, test, type Page } from '@playwright/test';
import {
  addFault,
  ATTEMPTS_PER_GET,
  clearFaults,
  DEMO,
  heading,
  login,
  PRODUCT_TITLE,
  PROFILE_CALL,
  upstreamStats,
} from './helpers';

/** docs/product.md §2 error screens and §8 catalogue, docs/architecture.md §6 mapping of upstream outcomes. */

async function expectErrorScreen(page: Page, status: number, text: string) {
  await expect(heading(page)).toHaveText(`Ошибка ${status}`);
  await expect(page.getByRole('main')).toContainText(text);
  await expect(page).toHaveTitle(`${PRODUCT_TITLE} | Ошибка ${status}`);
  // The error page keeps the site's frame: the title link home is there.
  await expect(page.getByRole('banner').getByRole('link', { name: PRODUCT_TITLE })).toBeVisible();
}

test.describe('unknown routes', () => {
  test('an unknown path shows «Ошибка 404» and «На главную» leads home', async ({ page }) => {
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(404);
    await expectErrorScreen(page, 404, 'Запрашиваемая страница не существует.');
    await expect(page.getByRole('main')).toContainText('Page not found: /no-such-page/here');
    // Said in Russian too, the catalogue's English beside it.
    await expect(page.getByRole('main')).toContainText(
      'Страница не найдена: /no-such-page/here (Page not found: /no-such-page/here)',
    );
    // The public navigation is still offered.
    await expect(
      page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Вход' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page)).toHaveText(PRODUCT_TITLE);
    await expect(page).toHaveTitle(PRODUCT_TITLE);
  });

  test('a cabinet id that is not digits is 404, even for an anonymous visitor', async ({ page }) => {
    const response = await page.goto('/lk/scenarios/abc');
    expect(response?.status()).toBe(404);
    await expectErrorScreen(page, 404, 'Запрашиваемая страница не существует.');
    await expect(page.getByRole('main')).toContainText('Page not found: /lk/scenarios/abc');
  });

  test('a cabinet id that is not digits is 404 for a signed-in user too', async ({ page }) => {
    await login(page, DEMO.participant);
    const response = await page.goto('/lk/testing/12x');
    expect(response?.status()).toBe(404);
    await expectErrorScreen(page, 404, 'Page not found: /lk/testing/12x');
    // Signed in: the error page offers the cabinet rather than the sign-in link.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
  });
});

test.describe('upstream faults', () => {
  test.afterEach(async () => {
    await clearFaults();
  });

  test('the profile call failing with 500 shows «Ошибка 500», then the portal recovers', async ({ page }) => {
    await login(page, DEMO.teacher);
    await expect(heading(page)).toHaveText('Личный кабинет');

    await addFault({ path: PROFILE_CALL, status: 500, times: ATTEMPTS_PER_GET });
    const response = await page.goto('/lk/scenarios');
    expect(response?.status()).toBe(500);
    await expectErrorScreen(page, 500, 'Перезагрузите страницу.');
    // Nothing technical leaks to the screen.
    await expect(page.getByRole('main')).not.toContainText(/injected|Error:|at /);

    // The fault is spent: «Обновить страницу» brings the same page back, still signed in.
    await page.getByRole('link', { name: 'Обновить страницу' }).click();
    await expect(page).toHaveURL(/\/lk\/scenarios$/);
    await expect(heading(page)).toHaveText('Сценарии');
    await expect(page.getByRole('banner')).toContainText(DEMO.teacher.name);
  });

  test('the provider dropping the connection shows «Ошибка 504», not the visitor’s internet', async ({ page }) => {
    await login(page, DEMO.teacher);
    await addFault({ path: PROFILE_CALL, drop: true, times: ATTEMPTS_PER_GET });
    const before = (await upstreamStats()).profile!;
    const response = await page.goto('/lk/master-classes');
    expect(response?.status()).toBe(504);
    await expectErrorScreen(page, 504, 'Сервис не отвечает. Это сбой на нашей стороне');
    await expect(page.getByRole('main')).not.toContainText('Проверьте подключение к интернету');
    await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toBeVisible();
    // One page load, one series of retries: the browser did not silently send the page request again.
    expect((await upstreamStats()).profile! - before).toBe(ATTEMPTS_PER_GET);

    await clearFaults();
    await page.reload();
    await expect(heading(page)).toHaveText('Мастер-классы');
    await expect(page.getByRole('banner')).toContainText(DEMO.teacher.name);
  });

  test('an upstream slower than REST_TIMEOUT_MS shows «Ошибка 504»', async ({ page }) => {
    await login(page, DEMO.teacher);
    // 2.5 s against the configured 2 s timeout, on every attempt of one page load.
    await addFault({ path: PROFILE_CALL, latencyMs: 2_500, times: ATTEMPTS_PER_GET });
    await page.goto('/profile');
    await expectErrorScreen(page, 504, 'Сервис не отвечает.');
    await expect(page.getByRole('main')).toContainText('Если вы писали диктант, текст не потерян');

    await page.getByRole('link', { name: 'Обновить страницу' }).click();
    await expect(heading(page)).toHaveText('Профиль');
  });

  test('a status outside the catalogue shows its title and no content', async ({ page }) => {
    await login(page, DEMO.teacher);
    await addFault({ path: PROFILE_CALL, status: 503, times: ATTEMPTS_PER_GET });
    const response = await page.goto('/lk');
    expect(response?.status()).toBe(503);
    await expect(page).toHaveTitle(`${PRODUCT_TITLE} | Ошибка 503`);
    await expect(page.getByRole('main')).toBeEmpty();
  });

  test('a 401 on a content call goes to / (the newer helper), not to an empty «Ошибка 401»', async ({ page }) => {
    // Anonymously: a dictation link's opening refused.
    await addFault({ path: '/rest/dictation/open/', status: 401 });
    await page.goto('/dictation/an-invitation-token-0000000000000000');
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page)).toHaveText(PRODUCT_TITLE);
    await expect(page).not.toHaveTitle(/Ошибка 401/);
    await clearFaults();

    // Signed in: a scenario refused. The read carries no token, so the session stays.
    await login(page, DEMO.teacher);
    await addFault({ path: '/rest/scenarios/by/id/', status: 401 });
    await page.goto('/lk/scenarios/8');
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page)).toHaveText(PRODUCT_TITLE);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
  });

  test('a body that is not the contract shows «Ошибка 500»', async ({ page }) => {
    await login(page, DEMO.teacher);
    await addFault({ path: PROFILE_CALL, malformed: true, times: 1 });
    const response = await page.goto('/lk/support');
    expect(response?.status()).toBe(500);
    await expectErrorScreen(page, 500, 'Перезагрузите страницу.');
  });
});
