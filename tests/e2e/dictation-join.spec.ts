import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectClock,
  heading,
  loginForm,
  newUser,
  outbox,
  registerUser,
  seriousA11yViolations,
  upstreamUrl,
} from './helpers';

/**
 * Joining on the day (ADR 239): while the demo dictation is open for writing, a person without an invitation
 * goes from the front page's «Написать диктант» through sign-in or a new account to the writing form — with
 * JavaScript on and off — and the actions it takes are counted (clicks and form submissions): at most five, the
 * last the «Начать диктант» under the sound check and «Готовы?», which starts the time.
 * `/lk` leads with the open dictation, and on a phone the time and the saving stay in view while typing.
 */

const EVENT = 'Всероссийский диктант';
const TEXT = 'Осень наступила незаметно. Листья на клёнах пожелтели за одну ночь.';

/** Every click and form submission on the way is one action: the count the budget is about. */
function counter(page: Page) {
  let actions = 0;
  return {
    get count() {
      return actions;
    },
    async click(target: Locator) {
      actions += 1;
      await target.click();
    },
    page,
  };
}

const textField = (page: Page) => page.getByLabel('Текст диктанта');

/** The link's page before the time: the sound check and «Готовы?», whose «Начать диктант» starts it. */
async function readyAndStart(page: Page, act?: ReturnType<typeof counter>) {
  await expect(page.getByRole('heading', { name: 'Проверьте звук' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Готовы?' })).toBeVisible();
  await expect(textField(page)).toHaveCount(0);
  const start = page.getByRole('button', { name: 'Начать диктант' });
  if (act) await act.click(start);
  else await start.click();
}
const status = (page: Page) => page.locator('#dictation-status');

/** What the upstream holds for the link the page is on, asked of it directly. */
async function storedText(page: Page): Promise<string> {
  const code = /\/dictation\/([\w-]{43})/.exec(page.url())![1]!;
  const response = await fetch(upstreamUrl('/rest/dictation/open/'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Version': '1' },
    body: JSON.stringify({ code }),
  });
  return ((await response.json()) as { result: { text: string } }).result.text;
}

/** The front page's lead card and its «Написать диктант». */
async function writeFromFront(page: Page, act: ReturnType<typeof counter>) {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Диктант сейчас' });
  await expect(card).toContainText('Идёт написание');
  await act.click(card.getByRole('link', { name: 'Написать диктант' }));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdictation$/);
}

/** On the writing form: typed, saved (by itself with a script, by «Сохранить» without), stored upstream. */
async function writeAndSave(page: Page, javaScriptEnabled: boolean) {
  await expect(heading(page)).toHaveText(EVENT);
  await expectClock(page, javaScriptEnabled);
  await textField(page).fill(TEXT);
  if (javaScriptEnabled) {
    await expect(status(page)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
  } else {
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(textField(page)).toHaveValue(TEXT);
  }
  expect(await storedText(page)).toBe(TEXT);
}

/** `/lk` leads with the open dictation: its card comes first, right under the title. */
async function cabinetLeadsWithDictation(page: Page, button: string) {
  await page.goto('/lk');
  const sections = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(sections.first()).toHaveText('Идёт диктант');
  const card = page.getByRole('region', { name: 'Идёт диктант' });
  await expect(card).toContainText(EVENT);
  await expect(card.getByRole('button', { name: button })).toBeVisible();
  return card;
}

test('an existing account goes from the front page to the writing form in four actions', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const user = await registerUser(testInfo, 'join-existing');
  const act = counter(page);
  await writeFromFront(page, act);
  const form = loginForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await act.click(form.submit);
  await expect(page).toHaveURL(/\/dictation$/);
  // The page tells the real state: writing open until when, and that one may still join.
  await expect(
    page.getByText(/Диктант идёт: присоединиться и написать его можно до \d+ [а-я]+ \d{4} г\./),
  ).toBeVisible();
  await expect(page.getByText('Зарегистрируйтесь, пока идёт регистрация')).toHaveCount(0);
  if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
  const lead = page.getByRole('article', { name: EVENT });
  await act.click(lead.getByRole('button', { name: 'Начать диктант' }));
  await readyAndStart(page, act);
  await expect(textField(page)).toBeVisible();
  expect(act.count).toBe(4);

  await writeAndSave(page, javaScriptEnabled);
  // The personal link is mailed as for a registration before the day.
  const [mail] = await outbox(user.email);
  expect(mail!.subject).toBe(`Ваша ссылка на диктант: ${EVENT}`);

  // Back on the page, the same dictation continues; the cabinet leads with it.
  await page.goto('/dictation');
  await expect(page.getByRole('button', { name: 'Продолжить диктант' })).toBeVisible();
  const card = await cabinetLeadsWithDictation(page, 'Продолжить диктант');
  if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Продолжить диктант' }).click();
  await expect(textField(page)).toHaveValue(TEXT);
});

test('a brand-new account goes from the front page to the writing form in five actions', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const user = newUser(testInfo, 'join-new');
  const act = counter(page);
  await writeFromFront(page, act);
  await act.click(page.getByRole('link', { name: 'Зарегистрироваться' }));
  await expect(page).toHaveURL(/\/registration\?redirectTo=%2Fdictation$/);
  await page.getByLabel('Фамилия').fill(user.lastName);
  await page.getByLabel('Имя', { exact: true }).fill(user.firstName);
  await page.getByLabel('Электронная почта').fill(user.email);
  await page.getByLabel('Телефон').fill('9001234567');
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByLabel('Повторите пароль').fill(user.password);
  await page.getByLabel('Даю согласие на обработку персональных данных').check();
  await act.click(page.getByRole('button', { name: 'Зарегистрироваться' }));
  await expect(page).toHaveURL(/\/dictation$/);
  await act.click(page.getByRole('article', { name: EVENT }).getByRole('button', { name: 'Начать диктант' }));
  await readyAndStart(page, act);
  await expect(textField(page)).toBeVisible();
  expect(act.count).toBe(5);
  await writeAndSave(page, javaScriptEnabled);
});

test('the cabinet of a user without an invitation leads with the open dictation, one press from writing', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const user = await registerUser(testInfo, 'join-lk');
  await page.goto('/login?redirectTo=%2Flk');
  const form = loginForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await form.submit.click();
  await expect(page).toHaveURL(/\/lk$/);
  const card = await cabinetLeadsWithDictation(page, 'Начать диктант');
  await expect(card).toContainText('Присоединиться можно и сейчас. На текст — 60 минут');
  if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Начать диктант' }).click();
  await readyAndStart(page);
  await expect(textField(page)).toBeVisible();
  await writeAndSave(page, javaScriptEnabled);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the time and the saving stay in view above the text while typing', async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const user = await registerUser(testInfo, 'join-phone');
    await page.goto('/login?redirectTo=%2Fdictation');
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/dictation$/);
    await page.getByRole('article', { name: EVENT }).getByRole('button', { name: 'Начать диктант' }).click();
    await readyAndStart(page);
    const field = textField(page);
    await field.fill(Array.from({ length: 30 }, (_, line) => `${line + 1}. ${TEXT}`).join('\n'));
    // The on-screen keyboard takes the lower part of the screen: what is left is the viewport.
    for (const height of [844, 480]) {
      await page.setViewportSize({ width: 390, height });
      await field.press('Control+End');
      await field.pressSequentially(' Дальше.');
      await expect(field).toBeFocused();
      const inView = async (target: Locator) => {
        const box = (await target.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        return box;
      };
      await inView(page.locator('.countdown'));
      await inView(status(page));
      // Not over the text: the field starts below the bar, and its last line, where one types, is on the screen.
      const bar = (await page.locator('.dictation-writer__bar').boundingBox())!;
      const box = (await field.boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(box.y + 1);
      expect(box.y + box.height).toBeLessThanOrEqual(height + 2);
    }
    if (javaScriptEnabled) await expect(status(page)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
  });
});
