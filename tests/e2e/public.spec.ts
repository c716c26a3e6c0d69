import { expect, test, type Page } from '@playwright/test';
import { heading, PRODUCT_TITLE, waitForHydration } from './helpers';

/** docs/product.md §2, public layout: every path, the heading it shows and the document title. */
const screens = [
  { path: '/', h1: PRODUCT_TITLE, title: PRODUCT_TITLE },
  { path: '/dictation2024', h1: PRODUCT_TITLE, title: PRODUCT_TITLE },
  { path: '/login', h1: 'Вход', title: `Вход | ${PRODUCT_TITLE}` },
  { path: '/dictation2024-login', h1: 'Вход', title: `Вход | ${PRODUCT_TITLE}` },
  { path: '/password', h1: 'Восстановление пароля', title: `Восстановление пароля | ${PRODUCT_TITLE}` },
  { path: '/registration', h1: 'Регистрация', title: `Регистрация | ${PRODUCT_TITLE}` },
  { path: '/dictation', h1: 'Диктант', title: `Диктант | ${PRODUCT_TITLE}` },
  { path: '/admin-auth', h1: 'Вход для администратора', title: `Вход для администратора | ${PRODUCT_TITLE}` },
  { path: '/week', h1: 'Программа недели', title: `Программа недели | ${PRODUCT_TITLE}` },
] as const;

async function expectPublicLayout(page: Page) {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: PRODUCT_TITLE })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  await expect(nav.getByRole('link', { name: 'Вход' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Регистрация' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  const contacts = page.getByRole('contentinfo').getByRole('list', { name: 'Контакты' });
  await expect(contacts.getByRole('link', { name: 'support@example.org' })).toBeVisible();
  await expect(contacts.getByRole('link', { name: 'Официальный сайт' })).toBeVisible();
}

test.describe('public screens', () => {
  for (const screen of screens) {
    test(`${screen.path} shows «${screen.h1}» in the public layout`, async ({ page }) => {
      const response = await page.goto(screen.path);
      expect(response?.status()).toBe(200);
      await expect(heading(page)).toHaveText(screen.h1);
      await expect(heading(page)).toHaveCount(1);
      await expect(page).toHaveTitle(screen.title);
      await expectPublicLayout(page);
      // The page is what the address says: no redirect happened on the way.
      expect(new URL(page.url()).pathname).toBe(screen.path);
    });
  }

  test('/dictation2024 is the home screen and /dictation2024-login the login screen', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto('/');
    const home = await page.getByRole('main').innerText();
    await page.goto('/dictation2024');
    expect(await page.getByRole('main').innerText()).toBe(home);

    // Both read once hydrated: «Показать пароль» comes with the script.
    const settled = async () => {
      if (javaScriptEnabled) await waitForHydration(page.getByLabel('Пароль', { exact: true }));
      return page.getByRole('main').innerText();
    };
    await page.goto('/login');
    const loginScreen = await settled();
    await page.goto('/dictation2024-login');
    expect(await settled()).toBe(loginScreen);
    await expect(page.getByLabel('Электронная почта')).toBeVisible();
  });
});

test.describe('navigation by clicking', () => {
  test('the header leads to sign-in, registration and back home', async ({ page }) => {
    await page.goto('/week');
    const nav = page.getByRole('navigation', { name: 'Основная навигация' });

    await nav.getByRole('link', { name: 'Вход' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page)).toHaveText('Вход');

    await nav.getByRole('link', { name: 'Регистрация' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    await expect(heading(page)).toHaveText('Регистрация');

    await page.getByRole('banner').getByRole('link', { name: PRODUCT_TITLE }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page)).toHaveText(PRODUCT_TITLE);
  });

  test('the login screen links to password recovery and registration', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page).toHaveURL(/\/password$/);
    await expect(heading(page)).toHaveText('Восстановление пароля');

    await page.goBack();
    await expect(heading(page)).toHaveText('Вход');
    await page.getByRole('main').getByRole('link', { name: 'Зарегистрироваться' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    await expect(heading(page)).toHaveText('Регистрация');
  });

  test('the footer offers the contacts from configuration', async ({ page }) => {
    await page.goto('/');
    const contacts = page.getByRole('contentinfo').getByRole('list', { name: 'Контакты' });
    await expect(contacts.getByRole('link', { name: 'support@example.org' })).toHaveAttribute(
      'href',
      'mailto:support@example.org',
    );
    await expect(contacts.getByRole('link', { name: '8 800 000-00-00' })).toHaveAttribute('href', 'tel:88000000000');
    await expect(contacts.getByRole('link', { name: 'ВКонтакте' })).toHaveAttribute('href', 'https://vk.com/');
    await expect(contacts.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/');
    await expect(contacts.getByRole('link', { name: 'Официальный сайт' })).toHaveAttribute(
      'href',
      'https://example.org/',
    );
  });

  test('the skip link is the first stop of the keyboard and moves to the content', async ({ page }) => {
    await page.goto('/dictation');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    // The next stop is the content's first link, not the header's: the open dictation's «Войти».
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: 'Войти', exact: true }).first()).toBeFocused();
  });
});
