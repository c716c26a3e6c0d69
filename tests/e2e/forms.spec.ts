import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, holdScripts, login, waitForHydration, watchErrors } from './helpers';

/**
 * Forms hydrate after their own chunk (docs/decisions/221-first-load-javascript.md): the server's HTML works at once,
 * and once conform and the form's schema have loaded, a field checks itself when it loses focus. These checks need
 * JavaScript; without it every form is covered by its own flow (keyboard.spec.ts, account.spec.ts, …).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'client-side validation needs JavaScript');

/**
 * Leaves a field and expects it to name its mistake. Left before the form has hydrated, the field is not checked
 * (the server's HTML has no handlers): leave it again until it is.
 */
async function expectCheckedOnBlur(field: Locator, message: string) {
  await expect(async () => {
    await field.focus();
    await field.blur();
    await expect(field).toHaveAccessibleDescription(new RegExp(message), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

/**
 * Types a wrong value into a field, leaves it, and expects the field to name its mistake and keep the value (as its
 * mask shows it, when it has one).
 */
async function expectValidatedOnBlur(page: Page, label: string, value: string, message: string, shown = value) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await expectCheckedOnBlur(field, message);
  await expect(field).toHaveValue(shown);
}

const publicForms = [
  { path: '/login', label: 'Электронная почта' },
  { path: '/registration', label: 'Электронная почта' },
  { path: '/password', label: 'Электронная почта' },
  { path: '/admin-auth', label: 'Электронная почта' },
];

for (const { path, label } of publicForms) {
  test(`${path}: the form hydrates without errors and checks a field on blur`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(path);
    await expectValidatedOnBlur(page, label, 'не адрес', 'Введите корректный адрес электронной почты');
    expect(errors).toEqual([]);
  });
}

test('cabinet forms hydrate without errors and check a field on blur', async ({ page }) => {
  const errors = watchErrors(page);
  await login(page, DEMO.participant);

  await page.goto('/profile');
  await expectValidatedOnBlur(page, 'Телефон', '12', 'Номер телефона должен содержать 10 цифр после \\+7', '+7 (12');

  await page.goto('/profile/security');
  await expectValidatedOnBlur(page, 'Новый пароль', 'коротко', 'Пароль должен содержать не менее 8 символов');

  await page.goto('/lk/week');
  await expectValidatedOnBlur(
    page,
    'Ссылка на материал дня',
    'school.ru/urok',
    'Ссылка должна начинаться с http:// или https://',
  );
  expect(errors).toEqual([]);
});

test('what is typed before the form’s chunk arrives stays, and the form then hydrates around it', async ({ page }) => {
  const errors = watchErrors(page);
  const release = await holdScripts(page, /\/assets\/login\.form-[\w-]+\.js$/);
  await page.goto('/login');
  const email = page.getByLabel('Электронная почта');
  await email.fill('не адрес');
  release();

  // Once hydrated, conform checks the field the user filled before, and the text is still there.
  await expectCheckedOnBlur(email, 'Введите корректный адрес электронной почты');
  await expect(email).toHaveValue('не адрес');
  expect(errors).toEqual([]);
});

test('digits typed in a masked field before the form’s chunk arrives stay and are masked with the rest', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const release = await holdScripts(page, /\/assets\/registration\.form-[\w-]+\.js$/);
  await page.goto('/registration');
  const phone = page.getByLabel('Телефон');
  await phone.pressSequentially('900');
  release();

  // Once the form has hydrated and re-rendered (a field checked on blur), the next digits join the first ones.
  await waitForHydration(phone);
  await expectValidatedOnBlur(page, 'Электронная почта', 'не адрес', 'Введите корректный адрес электронной почты');
  await phone.press('End');
  await phone.pressSequentially('1234567');
  await expect(phone).toHaveValue('+7 (900) 123-45-67');
  expect(errors).toEqual([]);
});
