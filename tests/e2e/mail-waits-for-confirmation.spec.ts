import { expect, test } from '@playwright/test';
import { login, registerUser } from './helpers';

/**
 * Issue 37 point 4, its first part (ADR 215): mail goes only to a confirmed address, and /dictation says so to a
 * newcomer whose address is not confirmed yet, instead of promising a letter that does not come; a confirmed
 * address keeps the promise. At a phone's width and a desktop's, with and without JavaScript.
 */

const article = (page: import('@playwright/test').Page) => page.getByRole('article', { name: 'Всероссийский диктант' });

for (const width of [390, 1280]) {
  test(`at ${width} px /dictation tells an unconfirmed newcomer that the link's letter waits for the address`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 844 });
    const newcomer = await registerUser(testInfo, `unconfirmed-${width}`, { confirm: false });
    await login(page, newcomer);
    await page.goto('/dictation');
    await expect(article(page)).toContainText(
      'Письмо со ссылкой на диктант придёт, как только вы подтвердите адрес почты по ссылке из первого письма. Ссылка есть и в личном кабинете.',
    );
    await expect(article(page)).not.toContainText('Личная ссылка на диктант придёт и на вашу почту.');
  });
}

test('a confirmed address is promised the letter', async ({ page }, testInfo) => {
  const user = await registerUser(testInfo, 'confirmed-dictation');
  await login(page, user);
  await page.goto('/dictation');
  await expect(article(page)).toContainText('Личная ссылка на диктант придёт и на вашу почту.');
  await expect(article(page)).not.toContainText('как только вы подтвердите адрес');
});
