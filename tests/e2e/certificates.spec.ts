import { expect, test } from '@playwright/test';
import { readPdfText } from './pdf-text';
import { DEMO, heading, login, seriousA11yViolations, wordsSplitAcrossLines } from './support';

/**
 * Certificates anyone can check (ADR 027, 048), with JavaScript on and off: the teacher finds every certificate,
 * downloads one, and a stranger opens the address printed on it, or looks one up by its number.
 */

test('a certificate’s printed address tells a stranger it is genuine, with the holder’s name masked', async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  await login(page, DEMO.teacher);
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Сертификаты' })
    .click();
  await expect(heading(page)).toHaveText('Сертификаты');
  const list = page.getByRole('listitem').filter({ hasText: 'Сертификат участника диктанта' });
  await expect(list).toHaveCount(2);
  const offline = page.getByRole('listitem').filter({ hasText: 'Сертификат об очном участии' });
  await expect(offline).toContainText('№ ОУ-0417');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list
      .first()
      .getByRole('link', { name: /Скачать PDF/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Сертификат участника Д-\d{4}-\d{6}\.pdf$/);
  const text = await readPdfText(await download.path());
  expect(text).toContain('Проверить подлинность:');
  const address = /http:\/\/localhost:\d+\/certificates\/[A-Za-z0-9_-]{22}/.exec(text)![0];
  expect(new URL(address).origin).toBe(new URL(page.url()).origin);

  const stranger = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await stranger.goto(address);
  await expect(heading(stranger)).toHaveText('Проверка сертификата');
  await expect(stranger.getByText('Сертификат подлинный')).toBeVisible();
  await expect(stranger.getByRole('main')).toContainText('Анна И.');
  await expect(stranger.getByRole('main')).toContainText('Осенний диктант');
  await expect(stranger.getByRole('main')).not.toContainText('Иванова');
  if (javaScriptEnabled) expect(await seriousA11yViolations(stranger)).toEqual([]);
  // On the phone that scanned the QR code the title and the facts wrap between words (issue 29).
  for (const width of [390, 320]) {
    await stranger.setViewportSize({ width, height: 640 });
    expect(await wordsSplitAcrossLines(stranger), `words broken at ${width} px`).toEqual([]);
  }

  const wrong = await stranger.goto(address.replace(/\/certificates\/.{4}/, '/certificates/AAAA'));
  expect(wrong?.status()).toBe(404);
  await expect(heading(stranger)).toHaveText('Сертификат не найден');
  await stranger.context().close();
});

test('/certificates checks a certificate by its number and the holder’s surname, and says when there is none (ADR 048)', async ({
  browser,
  javaScriptEnabled,
}) => {
  const stranger = await (await browser.newContext({ javaScriptEnabled })).newPage();
  // From the page of a code nobody was given, which offers the check by number.
  const missing = await stranger.goto(`/certificates/${'A'.repeat(22)}`);
  expect(missing?.status()).toBe(404);
  await expect(heading(stranger)).toHaveText('Сертификат не найден');
  const number = stranger.getByLabel('Номер сертификата');
  const lastName = stranger.getByLabel('Фамилия участника');
  const check = stranger.getByRole('button', { name: 'Проверить' });

  // Nothing typed: the messages at the fields, in Russian.
  await check.click();
  await expect(stranger.getByText('Введите номер сертификата')).toBeVisible();
  await expect(stranger.getByText('Введите фамилию, как она напечатана в сертификате')).toBeVisible();
  await expect(stranger.getByLabel('Номер сертификата')).toHaveAttribute('aria-invalid', 'true');

  // A number nobody holds.
  await stranger.getByLabel('Номер сертификата').fill('ОУ-9999');
  await stranger.getByLabel('Фамилия участника').fill('Иванова');
  await check.click();
  await expect(heading(stranger)).toHaveText('Сертификат не найден');
  await expect(stranger.getByRole('main')).toContainText('Сертификата с таким номером и фамилией нет.');

  // The real one, typed as people type it.
  await number.fill('оу 0417');
  await lastName.fill('иванова');
  await check.click();
  await expect(heading(stranger)).toHaveText('Проверка сертификата');
  await expect(stranger.getByText('Сертификат подлинный')).toBeVisible();
  await expect(stranger.getByRole('main')).toContainText('ОУ-0417');
  await expect(stranger.getByRole('main')).toContainText('Анна И.');
  if (javaScriptEnabled) expect(await seriousA11yViolations(stranger)).toEqual([]);
  await stranger.context().close();
});
