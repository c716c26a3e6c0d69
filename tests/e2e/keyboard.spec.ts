import { expect, test, type Page } from '@playwright/test';
import { announcer, tabTo, typeInto } from './keyboard';
import { DEMO, heading, holdScripts, login, loginForm, newUser, registerUser, waitForHydration } from './helpers';

/**
 * Everything by keyboard alone, with JavaScript on and off: every stop shows its focus ring (tabTo fails
 * otherwise), every form can be filled and sent, and a failed submit puts focus on the error summary, whose
 * links lead to the fields (docs/decisions/222-accessibility-mechanisms.md). A new screen adds its flow here.
 */

function errorSummary(page: Page) {
  return page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Исправьте ошибки' }) });
}

/** After a failed submit: the summary has focus; its first link takes focus to the field it names. */
async function expectSummaryLeadsTo(page: Page, firstError: string, fieldLabel: string) {
  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  const link = summary.getByRole('link').first();
  // It names the field, then the mistake.
  await expect(link).toHaveText(`${fieldLabel}: ${firstError}`);
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  const field = page.getByLabel(fieldLabel, { exact: true });
  await expect(field).toBeFocused();
  // The field names its own error too, for whoever reaches it without the summary.
  await expect(field).toHaveAccessibleDescription(new RegExp(firstError));
}

test('sign-in: skip link, the form, Enter; the cabinet’s heading has focus and is announced', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Перейти к содержимому' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const form = loginForm(page);
  // Submitted before the form has hydrated, the browser would load the cabinet as a new document, which focuses
  // nothing: the heading's focus is what the hydrated form's client-side navigation does.
  if (javaScriptEnabled) await waitForHydration(form.submit);
  await typeInto(page, form.email, DEMO.teacher.email);
  await typeInto(page, form.password, DEMO.teacher.password);
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Личный кабинет');
  await expect(page).toHaveTitle('Личный кабинет | Образовательный портал');
  if (javaScriptEnabled) {
    await expect(heading(page)).toBeFocused();
    await expect(announcer(page)).toHaveText('Личный кабинет | Образовательный портал');
  }
});

test('sign-in with empty fields: the error summary takes focus and links to each field', async ({ page }) => {
  await page.goto('/login');
  await tabTo(page, loginForm(page).submit);
  await page.keyboard.press('Enter');
  await expectSummaryLeadsTo(page, 'Введите адрес электронной почты', 'Электронная почта');
  await expect(errorSummary(page).getByRole('link')).toHaveCount(2);
});

test('sign-in with a wrong password: the summary with the form’s error takes focus', async ({ page }) => {
  await page.goto('/login');
  const form = loginForm(page);
  await typeInto(page, form.email, DEMO.teacher.email);
  await typeInto(page, form.password, 'not-the-password');
  await page.keyboard.press('Enter');
  await expect(errorSummary(page)).toBeFocused();
  await expect(errorSummary(page)).toContainText('Неверный');
});

test('the cabinet menu and sign-out by keyboard', async ({ page, javaScriptEnabled }) => {
  await page.goto('/login');
  const form = loginForm(page);
  await typeInto(page, form.email, DEMO.participant.email);
  await typeInto(page, form.password, DEMO.participant.password);
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Личный кабинет');

  const menu = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
  await tabTo(page, menu.getByRole('link', { name: 'Сценарии' }));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Сценарии');
  await expect(page).toHaveTitle('Сценарии | Образовательный портал');
  if (javaScriptEnabled) {
    await expect(heading(page)).toBeFocused();
    await expect(announcer(page)).toHaveText('Сценарии | Образовательный портал');
    // From the heading, Tab goes on into the page (the search field first), not back to the menu.
    await tabTo(page, page.getByLabel('Поиск по названию, описанию и автору'), { max: 1 });
  }

  await tabTo(page, page.getByRole('button', { name: 'Выйти' }), { backwards: javaScriptEnabled });
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Вход' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  // Signing out says so, atop the page it lands on, in a status region.
  await expect(page.getByRole('status').filter({ hasText: 'Вы вышли из личного кабинета.' })).toBeVisible();
});

test('registration by keyboard: a failed submit, then every field typed and the consent ticked with Space', async ({
  page,
}, testInfo) => {
  await page.goto('/registration');
  await tabTo(page, page.getByRole('button', { name: 'Зарегистрироваться' }));
  await page.keyboard.press('Enter');
  await expectSummaryLeadsTo(page, 'Укажите фамилию', 'Фамилия');
  // Required and formats are said in words, not by colour or a placeholder.
  await expect(page.getByText('Поля без пометки «необязательно» обязательны для заполнения.')).toBeVisible();
  await expect(page.getByLabel('Телефон')).toHaveAccessibleDescription(/Десять цифр после \+7/);

  const user = newUser(testInfo, 'keyboard');
  await page.keyboard.type(user.lastName);
  await typeInto(page, page.getByLabel('Имя', { exact: true }), user.firstName);
  await typeInto(page, page.getByLabel('Электронная почта'), user.email);
  await typeInto(page, page.getByLabel('Телефон'), user.phone.slice(1));
  await typeInto(page, page.getByLabel('Пароль', { exact: true }), user.password);
  await typeInto(page, page.getByLabel('Повторите пароль'), user.password);
  await tabTo(page, page.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Зарегистрироваться' }));
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Личный кабинет');
});

test('password recovery by keyboard: the code request leads to the next step, whose heading has focus', async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto('/password');
  // As in sign-in above: the focus below is what the hydrated form's client-side navigation does.
  if (javaScriptEnabled) await waitForHydration(page.getByLabel('Электронная почта'));
  await typeInto(page, page.getByLabel('Электронная почта'), DEMO.teacher.email);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Код из письма')).toBeVisible();
  // The same path with another query, but the control the user was on is gone: a new page for focus.
  if (javaScriptEnabled) await expect(heading(page)).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Сохранить пароль' }));
  await page.keyboard.press('Enter');
  await expectSummaryLeadsTo(page, 'Введите код из письма', 'Код из письма');
});

test('admin sign-in with empty fields: the error summary takes focus', async ({ page }) => {
  await page.goto('/admin-auth');
  await tabTo(page, page.getByRole('button', { name: 'Войти' }));
  await page.keyboard.press('Enter');
  await expectSummaryLeadsTo(page, 'Введите адрес электронной почты', 'Электронная почта');
});

test('profile and security forms by keyboard', async ({ page }, testInfo) => {
  const user = await registerUser(testInfo, 'keyboard');
  await page.goto('/login');
  const form = loginForm(page);
  await typeInto(page, form.email, user.email);
  await typeInto(page, form.password, user.password);
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Личный кабинет');

  await page.goto('/profile');
  await expect(page.getByLabel('Город')).toHaveAccessibleName('Город (необязательно)');
  await tabTo(page, page.getByLabel('Фамилия'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await tabTo(page, page.getByRole('button', { name: 'Сохранить' }));
  await page.keyboard.press('Enter');
  await expectSummaryLeadsTo(page, 'Укажите фамилию', 'Фамилия');
  await page.keyboard.type('Кузнецова');
  await tabTo(page, page.getByRole('button', { name: 'Сохранить' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Сохранено' })).toBeVisible();

  await page.goto('/profile/security');
  await tabTo(page, page.getByRole('button', { name: 'Сменить пароль' }));
  await page.keyboard.press('Enter');
  await expectSummaryLeadsTo(page, 'Введите текущий пароль', 'Текущий пароль');
});

// ADR 205: a location change (the skip link's `#main`) before a deferred form's code has arrived (a slow connection)
// used to make React throw the form's server HTML away — the form vanished, with what was typed, until the code came.
test('the skip link pressed before a form’s code has arrived leaves the form and what was typed', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, 'without JavaScript there is no code to wait for');
  await login(page, await registerUser(testInfo, 'skip-early'));
  // The profile form's own chunk (app/forms/profile.tsx), held back as a slow connection would.
  const release = await holdScripts(page, /\/assets\/profile-[\w-]+\.js$/);
  await page.goto('/profile', { waitUntil: 'commit' });
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
  await waitForHydration(skip);
  const form = page.getByRole('form', { name: 'Личные данные' });
  const city = form.getByLabel('Город');
  await city.fill('Казань');

  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(page).toHaveURL(/#main$/);
  // React's render of the new location has happened by the frames after it.
  for (let frame = 0; frame < 3; frame++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  }
  await expect(form).toBeVisible();
  await expect(city).toHaveValue('Казань');

  release();
  await waitForHydration(form.getByRole('button', { name: 'Сохранить' }));
  await expect(city).toHaveValue('Казань');
});
