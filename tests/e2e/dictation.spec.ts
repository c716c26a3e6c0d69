import { expect, test, type Page } from '@playwright/test';
import { readPdfText } from './pdf-text';
import {
  DEMO,
  expectClock,
  heading,
  login,
  outbox,
  registerUser,
  seriousA11yViolations,
  upstreamUrl,
  type Credentials,
} from './helpers';

/**
 * The dictation as a participant goes through it, with JavaScript on and off: from the cabinet's invitation
 * link to a written, reloaded and finished text; and a published result with its marked errors and certificate.
 */

const EVENT = 'Всероссийский диктант';
const FIRST = 'Весной в наш город возвращаются скворцы.';
const SECOND = ' Ещё вчера на ветках было пусто.';

/** A new participant with a dictation of today's event, as the organisers' invitation would give it. */
async function invitedParticipant(testInfo: Parameters<typeof registerUser>[0]): Promise<Credentials> {
  const user = await registerUser(testInfo, 'dictation');
  const response = await fetch(upstreamUrl('/__dev__/dictation/invitations'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email }),
  });
  expect(response.status).toBe(200);
  return user;
}

function textField(page: Page) {
  return page.getByLabel('Текст диктанта');
}

/**
 * From the cabinet: «Начать диктант» issues the invitation link and opens it, at the sound check and «Готовы?»,
 * whose «Начать диктант» starts the time.
 */
async function openFromCabinet(page: Page, javaScriptEnabled: boolean) {
  await page.goto('/lk/dictations');
  await expect(heading(page)).toHaveText('Диктанты');
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expect(page).toHaveURL(/\/dictation\/[\w-]{43}$/);
  await expect(heading(page)).toHaveText(EVENT);
  await expect(page.getByRole('heading', { name: 'Готовы?' })).toBeVisible();
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expectClock(page, javaScriptEnabled);
}

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the text saves itself with a script');

  test('write from the invitation link, reload, find the text intact and finish', async ({ page }, testInfo) => {
    await login(page, await invitedParticipant(testInfo));
    await openFromCabinet(page, true);
    const link = page.url();
    // The writing page has a code in its path, so the scan of every screen (a11y.spec.ts) cannot reach it.
    expect(await seriousA11yViolations(page)).toEqual([]);

    await textField(page).fill(FIRST);
    // Saved by itself within a few seconds, without a click.
    await expect(page.getByRole('main').getByText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/)).toBeVisible();
    await page.reload();
    await expect(textField(page)).toHaveValue(FIRST);

    await textField(page).press('End');
    await textField(page).pressSequentially(SECOND);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Завершить диктант' }).click();
    await expect(heading(page)).toHaveText('Диктант сдан');
    await expect(page.getByText('Спасибо! Диктант сдан, текст принят на проверку.')).toBeVisible();

    // The link is used now.
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await page.goto('/lk/dictations');
    const card = page.getByRole('listitem').filter({ hasText: EVENT }).filter({ hasText: 'Сдан, на проверке' });
    await expect(card).toHaveCount(1);
  });
  test('two tabs sending the same revision: the second is never shown as saved, and offers both texts', async ({
    page,
    context,
  }, testInfo) => {
    await login(page, await invitedParticipant(testInfo));
    await openFromCabinet(page, true);
    // The same link open in a second tab (the laptop beside the phone), loaded at the same revision.
    const laptop = await context.newPage();
    await laptop.goto(page.url());
    await expect(textField(laptop)).toBeEditable();
    const saved = /^Текст сохранён на сервере в \d{2}:\d{2} мск$/;

    await textField(page).fill(FIRST);
    await expect(page.locator('#dictation-status')).toHaveText(saved);
    await textField(laptop).fill(SECOND.trim());
    const status = laptop.locator('#dictation-status');
    await expect(status).toHaveText(/^Текст из этого поля не сохранён: в другой вкладке или на другом устройстве/);
    await expect(laptop.getByLabel(/^Текст на сервере/)).toHaveValue(FIRST);
    await expect(textField(laptop)).toHaveValue(SECOND.trim());
    // Saving waits for the choice: the next autosave tick leaves the first tab's text on the server.
    await laptop.getByRole('button', { name: 'Сохранить текст из этого поля' }).click();
    await expect(status).toHaveText(saved);
    await expect(laptop.getByLabel(/^Текст на сервере/)).toHaveCount(0);
    await page.reload();
    await expect(textField(page)).toHaveValue(SECOND.trim());

    // The other choice: the first tab, now behind, takes the server's text. (Reloaded, its line says «сохранён»
    // already: the new text is on the server only once it has said «Есть несохранённые изменения» and then that.)
    await textField(page).fill(FIRST);
    await expect(page.locator('#dictation-status')).toHaveText('Есть несохранённые изменения.');
    await expect(page.locator('#dictation-status')).toHaveText(saved);
    await textField(laptop).fill(`${SECOND.trim()} Снег сошёл.`);
    await expect(status).toHaveText(/^Текст из этого поля не сохранён/);
    await laptop.getByRole('link', { name: 'Взять текст с сервера' }).click();
    await expect(textField(laptop)).toHaveValue(FIRST);
    await expect(status).toHaveText(saved);
  });

  test('the writing form hydrates without errors and checks the text on blur', async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await login(page, await invitedParticipant(testInfo));
    await openFromCabinet(page, true);
    await textField(page).fill('а'.repeat(5001));
    // Left before the form has hydrated, the field is not checked yet: leave it again until it is.
    await expect(async () => {
      await textField(page).focus();
      await textField(page).blur();
      await expect(textField(page)).toHaveAccessibleDescription(/Текст слишком длинный: не более 5000 знаков/, {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(textField(page)).toHaveAttribute('aria-invalid', 'true');
    expect(errors).toEqual([]);
  });

  test('a dropped connection keeps the text on the page and saves it once the connection is back', async ({
    page,
    context,
  }, testInfo) => {
    await login(page, await invitedParticipant(testInfo));
    await openFromCabinet(page, true);
    const status = page.locator('#dictation-status');
    await context.setOffline(true);
    await textField(page).fill(FIRST);
    await expect(status).toHaveText(/^Нет связи: текст сохранён в этом браузере/);
    await expect(textField(page)).toHaveValue(FIRST);
    await context.setOffline(false);
    await expect(status).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
    await page.reload();
    await expect(textField(page)).toHaveValue(FIRST);
  });
});

test.describe('without JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !!javaScriptEnabled, 'the forms post by themselves');

  test('write with «Сохранить», reload, find the text intact and finish after confirming', async ({
    page,
  }, testInfo) => {
    const user = await invitedParticipant(testInfo);
    await login(page, user);
    await openFromCabinet(page, false);

    await textField(page).fill(FIRST);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page).toHaveURL(/\?saved=1#dictation-status$/);
    // Without a script the status also says how the next text is saved.
    await expect(
      page
        .getByRole('main')
        .getByText(/^Текст сохранён на сервере в \d{2}:\d{2} мск\. Новое сохранится, когда вы нажмёте «Сохранить»\.$/),
    ).toBeVisible();
    await page.reload();
    await expect(textField(page)).toHaveValue(FIRST);

    await textField(page).fill(FIRST + SECOND);
    await page.getByRole('button', { name: 'Завершить диктант' }).click();
    await expect(page.getByRole('heading', { name: 'Завершить диктант?' })).toBeVisible();
    await page.getByRole('button', { name: 'Да, завершить' }).click();
    await expect(heading(page)).toHaveText('Диктант сдан');
    // The receipt in the mail: which dictation, when, how much arrived.
    const [receipt] = await outbox(user.email);
    expect(receipt!.subject).toBe(`Диктант сдан: ${EVENT}`);
    expect(receipt!.body).toMatch(
      new RegExp(`^Ваш диктант «${EVENT}» получен \\d{1,2} [а-я]+ \\d{4} г\\. в \\d{2}:\\d{2} мск\\.`),
    );
    expect(receipt!.body).toContain('Принято: 72 знака, 12 слов.');

    await page.goto('/lk/dictations');
    await expect(page.getByRole('listitem').filter({ hasText: 'Сдан, на проверке' })).toHaveCount(1);
  });
});

test('open a published result with its errors marked and download the certificate', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk/dictations');
  await page.getByRole('link', { name: 'Результат и сертификат: Осенний диктант «Лесная тропа»' }).click();
  await expect(heading(page)).toHaveText('Осенний диктант «Лесная тропа»');
  await expect(page.getByText('Оценка «3»: 3 ошибки.')).toBeVisible();

  const review = page.getByRole('region', { name: 'Проверенный текст' });
  // The count above is the marks below: each mark one error.
  await expect(review.locator('mark')).toHaveCount(3);
  const error = review.locator('mark').filter({ has: page.locator('del', { hasText: 'заросшый' }) });
  // What a screen reader hears for the mark, not only what the colour shows.
  await expect(error).toHaveText('Ошибка: написано заросшый, правильно заросший');
  await expect(error.locator('ins')).toHaveText('заросший');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Скачать сертификат/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Сертификат участника Д-\d{4}-000002\.pdf$/);
  const text = await readPdfText(await download.path());
  expect(text).toContain('СЕРТИФИКАТ УЧАСТНИКА');
  expect(text).toContain('Иванова Анна Сергеевна');
  expect(text).toContain('Осенний диктант «Лесная тропа»');
  expect(text).toContain('оценка «3», 3 ошибки');
});
