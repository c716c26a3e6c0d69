import { expect, test } from '@playwright/test';
import { DEMO, heading, login, watchErrors } from './helpers';

/** Support, used for its purpose with JavaScript on and off: find the contacts, write, see the request listed. */

test('a teacher finds the contacts, sends a support request and sees it listed as new', async ({ page }, testInfo) => {
  await login(page, DEMO.teacher);
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Поддержка' })
    .click();
  await expect(heading(page)).toHaveText('Поддержка');

  const contacts = page.getByRole('region', { name: 'Контакты' });
  await expect(contacts.getByRole('link').first()).toHaveAttribute('href', /^mailto:/);
  await expect(contacts.getByRole('link').nth(1)).toHaveAttribute('href', /^tel:/);

  const form = page.getByRole('region', { name: 'Написать в поддержку' });
  await expect(form).toContainText(`придёт на адрес вашей учётной записи: ${DEMO.teacher.email}`);
  await expect(form.getByLabel('Адрес для ответа')).toHaveCount(0);
  const message = `Не скачивается рабочий лист к сценарию о выборах (${testInfo.project.name}): браузер сообщает об ошибке сети.`;
  await form.getByLabel('Тема обращения').selectOption({ label: 'Материалы и файлы' });
  await form.getByLabel('Сообщение').fill('Сбой');
  await form.getByRole('button', { name: 'Отправить обращение' }).click();
  await expect(form.getByLabel('Сообщение')).toHaveAccessibleDescription(/не менее 10 символов/);

  await form.getByLabel('Сообщение').fill(message);
  await form.getByRole('button', { name: 'Отправить обращение' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Обращение отправлено' })).toBeVisible();
  await expect(form.getByLabel('Сообщение')).toHaveValue('');

  const first = page.getByRole('region', { name: 'Мои обращения' }).getByRole('listitem').first();
  await expect(first).toContainText('Новое');
  await expect(first).toContainText('Материалы и файлы');
  await expect(first).toContainText(message);
});

test('the support form hydrates without errors and checks the message when it loses focus', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'client-side validation needs JavaScript');
  const errors = watchErrors(page);
  await login(page, DEMO.participant);
  await page.goto('/lk/support');
  const field = page.getByLabel('Сообщение');
  await expect(async () => {
    await field.fill('Сбой');
    await field.blur();
    await expect(field).toHaveAccessibleDescription(/не менее 10 символов/, { timeout: 500 });
  }).toPass();
  await expect(field).toHaveValue('Сбой');
  expect(errors).toEqual([]);
});
