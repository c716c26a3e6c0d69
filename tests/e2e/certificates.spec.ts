import { expect, test } from '@playwright/test';
import { readPdfText } from './pdf-text';
import { DEMO, heading, login, seriousA11yViolations } from './support';

/**
 * Certificates anyone can check (ADR 027), with JavaScript on and off: the teacher finds every certificate,
 * downloads one, and a stranger opens the address printed on it.
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

  const wrong = await stranger.goto(address.replace(/\/certificates\/.{4}/, '/certificates/AAAA'));
  expect(wrong?.status()).toBe(404);
  await expect(heading(stranger)).toHaveText('Ошибка 404');
  await stranger.context().close();
});
