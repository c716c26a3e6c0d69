import { expect, test } from '@playwright/test';
import { DEMO, heading, holdScripts, login, waitForHydration } from './helpers';

/**
 * Issue 37 point 11 (ADRs 222 and 209): «Показать пароль» on every password field where a script can do it, and a 404 that
 * offers ways on around its required line, at a phone's width and a desktop's.
 */

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a password field can be shown and hidden again, and is sent as a password', async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.goto('/login');
      const password = page.getByLabel('Пароль', { exact: true });
      await expect(password).toHaveAttribute('type', 'password');
      const show = page.getByRole('button', { name: 'Показать пароль' });
      if (!javaScriptEnabled) {
        // Nothing can turn a field's type without a script: no button that would do nothing.
        await expect(show).toHaveCount(0);
        return;
      }
      await waitForHydration(show);
      // It is inside the field's box: the form's button is where it was before the script came.
      const hydratedSubmit = await page.getByRole('button', { name: 'Войти' }).boundingBox();
      const release = await holdScripts(page, /\/assets\//);
      await page.reload({ waitUntil: 'commit' });
      await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
      expect(await page.getByRole('button', { name: 'Войти' }).boundingBox()).toEqual(hydratedSubmit);
      await expect(show).toHaveCount(0);
      release();
      await waitForHydration(show);
      const showBox = (await show.boundingBox())!;
      const fieldBox = (await password.boundingBox())!;
      expect(showBox.y).toBeGreaterThanOrEqual(fieldBox.y);
      expect(showBox.y + showBox.height).toBeLessThanOrEqual(fieldBox.y + fieldBox.height);

      await page.getByLabel('Электронная почта').fill(DEMO.teacher.email);
      await password.fill(DEMO.teacher.password);
      const box = (await show.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(box.width).toBeGreaterThanOrEqual(40);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await show.click();
      await expect(password).toHaveAttribute('type', 'text');
      await expect(password).toHaveValue(DEMO.teacher.password);
      await page.getByRole('button', { name: 'Скрыть пароль' }).click();
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: 'Показать пароль' }).click();
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect(heading(page)).toHaveText('Личный кабинет');

      // The registration's and the security page's new password have it too.
      await page.goto('/profile/security');
      await expect(page.getByRole('button', { name: 'Показать пароль' }).first()).toBeVisible();
      await page.context().clearCookies();
      await page.goto('/registration');
      await expect(page.getByRole('button', { name: 'Показать пароль' }).first()).toBeVisible();
    });

    test('the 404 page keeps its required line and button and offers the ways on', async ({ page }) => {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText('Ошибка 404');
      await expect(page.getByRole('main')).toContainText('Запрашиваемая страница не существует.');
      await expect(page.getByRole('link', { name: 'На главную' })).toBeVisible();
      const ways = page.getByRole('navigation', { name: 'Возможно, вы искали' });
      for (const [name, href] of [
        ['Диктант', '/dictation'],
        ['Программа недели', '/week'],
        ['Вход в личный кабинет', '/login'],
        ['Проверка сертификата', '/certificates'],
      ]) {
        await expect(ways.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
      }
      await expect(ways.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
      await ways.getByRole('link', { name: 'Диктант', exact: true }).click();
      await expect(page).toHaveURL(/\/dictation$/);

      // Signed in, the cabinet instead of the sign-in.
      await login(page, DEMO.teacher);
      await page.goto('/lk/no-such-page');
      await expect(
        page.getByRole('navigation', { name: 'Возможно, вы искали' }).getByRole('link', { name: 'Личный кабинет' }),
      ).toHaveAttribute('href', '/lk');
    });
  });
}
