import { expect, test } from '@playwright/test';
import { heading, login, registerUser, watchErrors } from './helpers';

/** Author questions, used for their purpose with JavaScript on and off: ask, get it right, see it listed. */

test('a participant asks the authors a question, corrects a mistake and sees it listed as sent', async ({
  page,
}, testInfo) => {
  await login(page, await registerUser(testInfo, 'author-question'));
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Вопросы автору' })
    .click();
  await expect(heading(page)).toHaveText('Вопросы автору');
  await expect(page.getByText('Вы ещё не задавали вопросов.')).toBeVisible();

  const form = page.getByRole('region', { name: 'Задать вопрос' });
  await form.getByLabel('Ваш вопрос').fill('Как провести квест?');
  await form.getByRole('button', { name: 'Отправить вопрос' }).click();
  await expect(form.getByLabel('Тема вопроса')).toHaveAccessibleDescription(/Выберите тему вопроса/);
  await expect(form.getByLabel('Ваш вопрос')).toHaveAccessibleDescription(/не менее 20 символов/);
  await expect(form.getByLabel('Ваш вопрос')).toHaveValue('Как провести квест?');

  const question = 'Как провести квест «Главы Конституции» в классе из тридцати человек, если актовый зал занят?';
  await form.getByLabel('Тема вопроса').selectOption({ label: 'Неделя права' });
  await form.getByLabel('Ваш вопрос').fill(question);
  await form.getByRole('button', { name: 'Отправить вопрос' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Вопрос отправлен' })).toBeVisible();
  await expect(page).toHaveURL(/\/lk\/author-questions\?saved=1#saved$/);
  await expect(form.getByLabel('Ваш вопрос')).toHaveValue('');
  const mine = page.getByRole('region', { name: 'Мои вопросы' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('Отправлен');
  await expect(mine.first()).toContainText('Неделя права');
  await expect(mine.first()).toContainText(question);

  await page.reload();
  await expect(mine.first()).toContainText(question);
});

test('the question form hydrates without errors and checks the question when it loses focus', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, 'client-side validation needs JavaScript');
  const errors = watchErrors(page);
  await login(page, await registerUser(testInfo, 'author-question-blur'));
  await page.goto('/lk/author-questions');
  const field = page.getByLabel('Ваш вопрос');
  await expect(async () => {
    await field.fill('Коротко');
    await field.blur();
    await expect(field).toHaveAccessibleDescription(/не менее 20 символов/, { timeout: 500 });
  }).toPass();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(errors).toEqual([]);
});
