import { expect, test } from '@playwright/test';
import { readPdfText } from './pdf-text';
import { DEMO, heading, login, registerUser, upstreamStats } from './helpers';

/**
 * The home pages and the rest of the cabinet's content, used for their purpose with JavaScript on and off:
 * follow a banner, download the certificate and read it, send a day's link, ask the tender question.
 */

test('a visitor follows a banner: the transition is recorded and the banner’s page opens', async ({ page }) => {
  await page.goto('/');
  const before = (await upstreamStats()).linkTransition ?? 0;
  await page.getByRole('link', { name: 'Неделя открытых уроков' }).click();
  await expect(page).toHaveURL(/\/week$/);
  await expect(heading(page)).toHaveText('Программа недели');
  expect((await upstreamStats()).linkTransition).toBeGreaterThan(before);
});

test('the teacher downloads the certificate from the cabinet home and reads it', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk');
  const card = page.getByRole('region', { name: 'Сертификат участника' });
  await expect(card).toContainText('ОУ-0417');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: /Скачать сертификат/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Сертификат участника ОУ-0417.pdf');
  expect(download.url()).not.toContain('token');
  const text = await readPdfText(await download.path());
  expect(text).toContain('СЕРТИФИКАТ УЧАСТНИКА');
  expect(text).toContain('Иванова Анна Сергеевна');
  expect(text).toContain('Современный урок');
});

test('the profile says whether there is a certificate', async ({ page }, testInfo) => {
  await login(page, await registerUser(testInfo, 'cert'));
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Сертификат участника' })).toContainText(
    'Сертификата об очном участии у вас пока нет',
  );
});

test('a participant sends today’s link, fixing an address that is not a web address first', async ({
  page,
}, testInfo) => {
  await login(page, await registerUser(testInfo, 'week'));
  await page.goto('/lk');
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Неделя открытых уроков' })
    .click();
  await expect(heading(page)).toHaveText('Программа недели');
  await expect(page.getByText('Вы пока не отправили ни одной ссылки')).toBeVisible();

  const field = page.getByLabel('Ссылка на материал дня');
  await field.fill('school1.example.ru/news');
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  // The message stands by the field (and in the error summary above the form).
  await expect(field).toHaveAccessibleDescription(/Ссылка должна начинаться с http:\/\/ или https:\/\//);
  await expect(field).toHaveValue('school1.example.ru/news');

  await field.fill('https://school1.example.ru/news/otkrytyj-urok');
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByRole('button', { name: 'Сохранено' })).toBeVisible();
  await expect(page.getByText('Вы участвуете в программе')).toBeVisible();
  await expect(field).toHaveValue('https://school1.example.ru/news/otkrytyj-urok');
  await expect(page.getByText('Приём ссылок за этот день закрыт').first()).toBeVisible();
  await expect(page.getByText(/Приём ссылок откроется/).first()).toBeVisible();
});

test('a participant asks the tender question once and sees it sent', async ({ page }, testInfo) => {
  await login(page, await registerUser(testInfo, 'tender'));
  await page.goto('/lk/week');
  const section = page.getByRole('region', { name: 'Вопрос организаторам конкурса' });
  const question = 'Можно ли отправить на конкурс урок, который провели двое учителей вместе?';
  await section.getByLabel('Ваш вопрос').fill('Можно?');
  await section.getByRole('button', { name: 'Отправить вопрос' }).click();
  await expect(section.getByLabel('Ваш вопрос')).toHaveAccessibleDescription(
    /Вопрос слишком короткий: не менее 10 символов/,
  );

  await section.getByLabel('Ваш вопрос').fill(question);
  await section.getByRole('button', { name: 'Отправить вопрос' }).click();
  await expect(section.getByRole('status')).toContainText('Вопрос отправлен организаторам');
  await expect(section).toContainText(question);
  await expect(section.getByLabel('Ваш вопрос')).toHaveCount(0);

  await page.reload();
  await expect(section).toContainText(question);
  await expect(section.getByRole('button', { name: 'Отправить вопрос' })).toHaveCount(0);
});
