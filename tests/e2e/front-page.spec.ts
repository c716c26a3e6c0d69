import { expect, test } from '@playwright/test';
import { DEMO, heading, login, PRODUCT_TITLE } from './helpers';

/** The front page (issue 17, ADR 239): what the portal is, what is on now, and the way in. */

test('a visitor learns what the portal is and what is on now', async ({ page }) => {
  await page.goto('/');
  await expect(heading(page)).toHaveText(PRODUCT_TITLE);
  await expect(page.getByRole('main')).toContainText('Портал для учителей, школьников и родителей');

  // The demo dictation is being written: its state in words and the one call to action for it.
  const dictation = page.getByRole('region', { name: 'Диктант сейчас' });
  await expect(dictation).toContainText('Идёт написание');
  await expect(dictation.getByRole('link')).toHaveCount(1);
  await dictation.getByRole('link', { name: 'Написать диктант' }).click();
  // Through sign-in back to the dictation, where one press joins and starts.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdictation$/);
});

test('this week’s programme and the banners are on the front page', async ({ page }) => {
  await page.goto('/dictation2024');
  const week = page.getByRole('region', { name: 'Программа недели' });
  await expect(week.getByRole('listitem')).toHaveCount(7);
  await expect(week).toContainText('Сегодня');
  await expect(week.getByRole('link', { name: 'Вся программа недели' })).toHaveAttribute('href', '/week');
  await expect(page.getByRole('region', { name: 'Анонсы' }).getByRole('link')).toHaveCount(3);
  // No way into the cabinet for a guest but the header's sign-in.
  await expect(page.getByRole('main').getByRole('link', { name: 'Перейти в личный кабинет' })).toHaveCount(0);
});

test('a signed-in visitor finds the way into the cabinet', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Перейти в личный кабинет' }).click();
  await expect(heading(page)).toHaveText('Личный кабинет');
});
