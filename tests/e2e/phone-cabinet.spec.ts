import { expect, test } from '@playwright/test';
import { DEMO, heading, login } from './helpers';

/**
 * The cabinet on a 390 px phone (issue 17, ADR 235): the ten sections are one disclosure that names the current
 * section, so the screen's content comes first; it opens without JavaScript too.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('the section menu is one control naming the current section, and it opens to every section', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk/scenarios');
  const menu = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
  const summary = menu.locator('summary');
  await expect(summary).toHaveText(/Раздел:\s*Сценарии/);
  // Closed: no section link is shown, and the screen's heading is on the first screen.
  await expect(menu.getByRole('link', { name: 'Поддержка' })).toBeHidden();
  await expect(heading(page)).toBeInViewport();

  await summary.click();
  await menu.getByRole('link', { name: 'Поддержка' }).click();
  await expect(heading(page)).toHaveText('Поддержка');
  await expect(page.getByRole('navigation', { name: 'Разделы личного кабинета' }).locator('summary')).toHaveText(
    /Раздел:\s*Поддержка/,
  );
});

test('a page deeper in a section names its section', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk/testing');
  await page.getByRole('main').getByRole('link').first().click();
  await expect(page.getByRole('navigation', { name: 'Разделы личного кабинета' }).locator('summary')).toHaveText(
    /Раздел:\s*Тестирование/,
  );
});

test('on a desktop the sections are a plain list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, DEMO.teacher);
  await page.goto('/lk/scenarios');
  const menu = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
  await expect(menu.locator('summary')).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Поддержка' })).toBeVisible();
});

test('the end of a long list leads back to its filters', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk/scenarios');
  const search = page.getByLabel('Поиск по названию, описанию и автору');
  await page.getByRole('link', { name: 'К фильтрам' }).scrollIntoViewIfNeeded();
  await expect(search).not.toBeInViewport();
  await page.getByRole('link', { name: 'К фильтрам' }).click();
  await expect(search).toBeInViewport();
});
