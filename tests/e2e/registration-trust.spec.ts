import { expect, test, type Page } from '@playwright/test';
import { DEMO, heading, newUser, outbox, waitForHydration } from './helpers';

/**
 * Registration people trust (issue 29 part 1, ADRs 214, 220 and 217), with JavaScript and without: the address confirmed by
 * the mailed link («Подтвердить адрес», never by opening it), every mistake in one round with a summary that names
 * each field, a taken address with «Войти» and «Восстановить пароль», the consent and privacy texts.
 */

const REMINDER = 'Подтвердите адрес электронной почты';

function registrationForm(page: Page) {
  return {
    lastName: page.getByLabel('Фамилия'),
    firstName: page.getByLabel('Имя', { exact: true }),
    email: page.getByLabel('Электронная почта'),
    phone: page.getByLabel('Телефон'),
    password: page.getByLabel('Пароль', { exact: true }),
    passwordConfirm: page.getByLabel('Повторите пароль'),
    consent: page.getByLabel('Даю согласие на обработку персональных данных'),
    submit: page.getByRole('button', { name: 'Зарегистрироваться' }),
  };
}

async function openRegistration(page: Page, javaScriptEnabled: boolean) {
  await page.goto('/registration');
  if (javaScriptEnabled) await waitForHydration(registrationForm(page).submit);
}

function errorSummary(page: Page) {
  return page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Исправьте ошибки' }) });
}

test('register → the letter → «Подтвердить адрес» → the reminder is gone', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const user = newUser(testInfo, 'confirm');
  await openRegistration(page, javaScriptEnabled);
  const form = registrationForm(page);
  await form.lastName.fill('Орлова');
  await form.firstName.fill('Мария');
  await form.email.fill(user.email);
  await form.phone.fill('9001234567');
  await form.password.fill(user.password);
  await form.passwordConfirm.fill(user.password);
  await form.consent.check();
  await form.submit.click();
  await expect(page).toHaveURL(/\/lk$/);
  const reminder = page.getByRole('region', { name: REMINDER });
  await expect(reminder).toContainText(`Мы отправили письмо со ссылкой на ${user.email}`);

  // «Отправить письмо ещё раз»: a new letter, said where the button was.
  await reminder.getByRole('button', { name: 'Отправить письмо ещё раз' }).click();
  await expect(page).toHaveURL(/\/lk\?confirmation=sent$/);
  await expect(page.getByRole('status').filter({ hasText: `Письмо отправлено на ${user.email}` })).toBeVisible();

  const letters = (await outbox(user.email)).filter((letter) => letter.subject === REMINDER);
  expect(letters).toHaveLength(2);
  const link = letters[0]!.body.match(/https?:\/\/\S+\/confirm-email\/[\w-]+/)![0];
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  // Opening the link confirms nothing (a mail scanner opens it too): the page asks for the button.
  await page.goto(link);
  await expect(heading(page)).toHaveText('Подтверждение адреса');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: REMINDER })).toBeVisible();

  await page.goto(link);
  await page.getByRole('button', { name: 'Подтвердить адрес' }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(heading(page)).toHaveText('Адрес подтверждён');
  await page.getByRole('link', { name: 'Перейти в личный кабинет' }).click();
  await expect(heading(page)).toHaveText('Личный кабинет');
  await expect(page.getByRole('region', { name: REMINDER })).toHaveCount(0);
  await page.goto('/profile');
  await expect(heading(page)).toHaveText('Профиль');
  await expect(page.getByRole('region', { name: REMINDER })).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Подтвердить адрес' }).click();
  await expect(heading(page)).toHaveText('Ссылка больше не работает');
  await expect(page.getByRole('alert')).toContainText('устарела или уже использована');
});

test('every mistake in one round: the summary names each field and leads to it', async ({
  page,
  javaScriptEnabled,
}) => {
  await openRegistration(page, javaScriptEnabled);
  const form = registrationForm(page);
  await expect(form.lastName).toHaveAttribute('maxlength', '50');
  await expect(form.firstName).toHaveAttribute('maxlength', '50');
  await form.lastName.fill('Орлова');
  await form.firstName.fill('Аня 😀');
  await form.email.fill('anya@');
  await form.phone.fill('9001234567');
  await form.password.fill('long-enough-1');
  await form.passwordConfirm.fill('long-enough-2');
  await form.submit.click();

  await expect(form.firstName).toHaveAccessibleDescription('Только буквы, пробел, дефис и апостроф');
  await expect(form.email).toHaveAccessibleDescription('Введите корректный адрес электронной почты');
  await expect(form.passwordConfirm).toHaveAccessibleDescription('Пароли не совпадают');
  await expect(form.consent).toHaveAccessibleDescription('Подтвердите согласие на обработку персональных данных');
  const links = errorSummary(page).getByRole('link');
  await expect(links).toHaveText([
    'Имя: Только буквы, пробел, дефис и апостроф',
    'Электронная почта: Введите корректный адрес электронной почты',
    'Повторите пароль: Пароли не совпадают',
    'Согласие на обработку персональных данных: Подтвердите согласие на обработку персональных данных',
  ]);
  for (const [index, field] of (['firstName', 'email', 'passwordConfirm', 'consent'] as const).entries()) {
    const id = await form[field].getAttribute('id');
    await expect(links.nth(index)).toHaveAttribute('href', `#${id}`);
  }
  await links.nth(2).click();
  await expect(form.passwordConfirm).toBeFocused();
});

test('a wrapped item of the summary keeps its bullet on its first line (390 px)', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRegistration(page, javaScriptEnabled);
  await registrationForm(page).submit.click();
  const item = errorSummary(page).getByRole('listitem').filter({ hasText: 'Согласие на обработку' });
  const link = item.getByRole('link');
  const lineHeight = await link.evaluate((a) => parseFloat(getComputedStyle(a).lineHeight));
  const box = (await link.boundingBox())!;
  expect(box.height, 'the item wraps at 390 px').toBeGreaterThan(1.5 * lineHeight);
  // The bullet sits on the first line box of the item: the link must start that line, as a block, not be one
  // inline box whose baseline (its last line) the bullet would follow.
  const itemBox = (await item.boundingBox())!;
  expect(Math.abs(box.y - itemBox.y)).toBeLessThan(1);
  expect(await link.evaluate((a) => getComputedStyle(a).display)).toBe('block');
});

test('a taken address offers «Войти» and «Восстановить пароль» at the e-mail field', async ({
  page,
  javaScriptEnabled,
}) => {
  await openRegistration(page, javaScriptEnabled);
  const form = registrationForm(page);
  await form.lastName.fill('Иванова');
  await form.firstName.fill('Анна');
  await form.email.fill(DEMO.teacher.email);
  await form.phone.fill('9001234567');
  await form.password.fill('another-password');
  await form.passwordConfirm.fill('another-password');
  await form.consent.check();
  await form.submit.click();
  await expect(form.email).toHaveAccessibleDescription(
    'Этот адрес уже зарегистрирован. Войдите или восстановите пароль.',
  );
  const field = page.locator('.field').filter({ has: form.email });
  await expect(field.getByRole('link', { name: 'Восстановить пароль' })).toHaveAttribute('href', '/password');
  await field.getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(heading(page)).toHaveText('Вход');
});

test('the consent box links the consent text and the privacy policy', async ({ page, javaScriptEnabled }) => {
  await openRegistration(page, javaScriptEnabled);
  const label = page.locator('label').filter({ hasText: 'Даю согласие на' });
  for (const [name, title, words] of [
    ['обработку персональных данных', 'Согласие на обработку персональных данных', 'Отозвать согласие можно'],
    ['Политики обработки персональных данных', 'Политика обработки персональных данных', 'Права пользователя'],
  ] as const) {
    const opened = page.context().waitForEvent('page');
    await label.getByRole('link', { name, exact: true }).click();
    const text = await opened;
    await expect(heading(text)).toHaveText(title);
    await expect(text.getByRole('main')).toContainText(words);
    // The operator of the demo, from the configuration.
    await expect(text.getByRole('main')).toContainText('ООО «Демо-оператор»');
    await expect(text.getByRole('main')).toContainText('privacy@example.org');
    await text.close();
  }
  // The box is not ticked by following its links.
  await expect(registrationForm(page).consent).not.toBeChecked();
});
