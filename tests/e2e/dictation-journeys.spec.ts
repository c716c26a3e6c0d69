import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  expectClock,
  heading,
  login,
  logout,
  outbox,
  registerUser,
  seriousA11yViolations,
  upstreamUrl,
} from './helpers';

/**
 * The dictation's journeys of ADRs 239, 213 and 240, as a participant goes through them: registering (signed out first, with
 * JavaScript on and off), the personal link that starts nothing until «Начать диктант», the last text sent as
 * the time runs out, and a text typed without a connection that survives a closed tab.
 */

const EVENT = 'Всероссийский диктант';
const SPRING = 'Весенний диктант школьных команд';
const FIRST = 'Весной в наш город возвращаются скворцы.';
const SECOND = ' Ещё вчера на ветках было пусто.';

/** A personal link of today's event, as the organisers would mail it; `timeLimitSeconds` for the time running out. */
async function invitation(timeLimitSeconds?: number): Promise<string> {
  const response = await fetch(upstreamUrl('/__dev__/dictation/invitations'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ timeLimitSeconds }),
  });
  const { invitations } = (await response.json()) as { invitations: { code: string }[] };
  return invitations[0]!.code;
}

/** What the upstream holds for a link, asked of it directly (the reference upstream's own call). */
async function storedText(code: string): Promise<string> {
  const response = await fetch(upstreamUrl('/rest/dictation/open/'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Version': '1' },
    body: JSON.stringify({ code }),
  });
  return ((await response.json()) as { result: { text: string } }).result.text;
}

const textField = (page: Page) => page.getByLabel('Текст диктанта');
const status = (page: Page) => page.locator('#dictation-status');

/** Opens the link and presses «Начать диктант»: the writing page with the time running. */
async function startWriting(page: Page, code: string) {
  await page.goto(`/dictation/${code}`);
  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expect(textField(page)).toBeVisible();
}

test('a visitor registers for the dictation through sign-in, and the mailed link waits for the writing', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const user = await registerUser(testInfo, 'registers');
  await page.goto('/dictation');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SPRING }) });
  await expect(card).toContainText('Чтобы зарегистрироваться, войдите или создайте учётную запись');
  await card.getByRole('link', { name: 'Войти' }).click();
  await login(page, user, { visit: false });
  await expect(page).toHaveURL(/\/dictation$/);
  if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(card.getByText('Вы зарегистрированы.')).toBeVisible();

  const [mail] = await outbox(user.email);
  expect(mail!.subject).toBe(`Ваша ссылка на диктант: ${SPRING}`);
  const link = /\/dictation\/[\w-]{43}/.exec(mail!.body)![0];
  await page.goto(link);
  await expect(heading(page)).toHaveText(SPRING);
  await expect(page.getByText(/^Диктант ещё не начался\./)).toBeVisible();

  await page.goto('/lk/dictations');
  const mine = page.getByRole('listitem').filter({ hasText: SPRING });
  await expect(mine).toContainText('Вы зарегистрированы. Диктант откроется');
});

test('published results are announced in the cabinet and lead to the marked text', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk');
  const notice = page.getByRole('region', { name: 'Опубликованы результаты диктанта' });
  await expect(notice).toContainText('«Осенний диктант „Лесная тропа“»: оценка «3», 3 ошибки.');
  await notice.getByRole('link', { name: 'Посмотреть оценку и сертификат: Осенний диктант «Лесная тропа»' }).click();
  await expect(heading(page)).toHaveText('Осенний диктант «Лесная тропа»');
  await page.goto('/lk/dictations');
  await expect(page.getByRole('region', { name: 'Опубликованы результаты диктанта' })).toBeVisible();
});

test('the personal link shows what is about to start, and the time starts only with «Начать диктант»', async ({
  page,
  javaScriptEnabled,
}) => {
  const code = await invitation();
  await page.goto(`/dictation/${code}`);
  await expect(heading(page)).toHaveText(EVENT);
  await expect(page.getByText('Время пойдёт только после нажатия «Начать диктант».')).toBeVisible();
  await expect(page.getByText(/^На текст — 60 минут с нажатия «Начать диктант»/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  // The link's pages have a code in their path, so the scan of every screen (a11y.spec.ts) cannot reach them.
  if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Начать диктант' }).click();
  await expectClock(page, javaScriptEnabled);
  await expect(textField(page)).toBeVisible();
});

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the text saves itself with a script');

  test('the last text goes in when the time runs out while a save is still on its way', async ({ page }) => {
    test.setTimeout(60_000);
    const code = await invitation(20);
    // The first autosave is held on its way until the time is up.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route('**/dictation/*/text', async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });
    await startWriting(page, code);
    await textField(page).fill(FIRST);
    await expect.poll(() => first, { timeout: 10_000 }).toBe(false);
    await textField(page).press('End');
    await textField(page).pressSequentially(SECOND);
    // At zero the field locks; only then is the held save let through.
    await expect(textField(page)).not.toBeEditable({ timeout: 25_000 });
    release();
    await expect(status(page)).toHaveText('Время вышло. Диктант сдан: на проверку ушёл последний сохранённый текст.');
    await expect(textField(page)).toHaveValue(FIRST + SECOND);
    expect(await storedText(code)).toBe(FIRST + SECOND);
  });

  test('a text typed without a connection survives a closed tab and is saved once the connection is back', async ({
    context,
  }) => {
    const code = await invitation();
    const page = await context.newPage();
    await startWriting(page, code);
    await textField(page).fill(FIRST);
    await expect(status(page)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);

    await context.setOffline(true);
    await textField(page).press('End');
    await textField(page).pressSequentially(SECOND);
    await expect(status(page)).toHaveText(
      'Нет связи: текст сохранён в этом браузере и будет отправлен, когда связь восстановится.',
    );
    // Kept under the dictation's id: the link's code (a capability) is not in the browser's storage.
    const kept = await page.evaluate(() => Object.entries(localStorage));
    const drafts = kept.filter(([key]) => key.startsWith('dictation-draft:'));
    expect(drafts).toEqual([[expect.stringMatching(/^dictation-draft:\d+$/), expect.stringContaining(SECOND)]]);
    expect(JSON.stringify(kept)).not.toContain(code);
    // Nothing typed offline reached the server while the tab was open.
    expect(await storedText(code)).toBe(FIRST);
    await page.close();
    // The beacon the closing tab queues is the browser's to send: Chromium's offline emulation ends with the tab,
    // so it may arrive at once, later, or not at all.
    expect([FIRST, FIRST + SECOND]).toContain(await storedText(code));

    await context.setOffline(false);
    // Back online, the browser may still deliver the beacon the closing tab queued: then the page arrives with the
    // whole text from the server and nothing needs restoring; otherwise the kept text comes back and says so.
    const again = await context.newPage();
    const opened = await again.goto(`/dictation/${code}`);
    const restoredByPage = !(await opened!.text()).includes(SECOND.trim());
    await expect(textField(again)).toHaveValue(FIRST + SECOND);
    const notice = again.getByText('В поле возвращён текст, сохранённый в этом браузере без связи');
    if (restoredByPage) await expect(notice).toBeVisible();
    else await expect(notice).toHaveCount(0);
    await expect(status(again)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
    expect(await storedText(code)).toBe(FIRST + SECOND);
    // Once the server holds it, the browser keeps nothing.
    await expect
      .poll(() => again.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('dictation-draft:'))))
      .toEqual([]);
  });
});

// Issue 25, finding 8: at a shared computer, the text a signed-in participant typed without a connection must not
// stay in the browser for the next person once they sign out: the logout's `Clear-Site-Data: "storage"`
// drops it, whether «Выйти» is sent by the page's script or as a plain form post (as without JavaScript).
test.describe('with JavaScript, a text kept in the browser and a logout', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the text is kept by a script');

  for (const how of ['script', 'form post'] as const) {
    test(`the logout (${how}) leaves nothing of the text in the browser`, async ({ page }, testInfo) => {
      const user = await registerUser(testInfo, `logout-${how === 'script' ? 'js' : 'post'}`);
      await login(page, user);
      const code = await invitation();
      await startWriting(page, code);
      await textField(page).fill(FIRST);
      await expect(status(page)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
      // The saves stop reaching the server: the text is kept in the browser only.
      await page.route('**/dictation/*/text', (route) => route.abort('internetdisconnected'));
      await textField(page).press('End');
      await textField(page).pressSequentially(SECOND);
      await expect(status(page)).toHaveText(
        'Нет связи: текст сохранён в этом браузере и будет отправлен, когда связь восстановится.',
      );
      const drafts = () =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('dictation-draft:')));
      expect(await drafts()).toHaveLength(1);

      // Still signed in, the participant goes on in the cabinet: the kept text stays until the server has it.
      await page.goto('/lk');
      expect(await drafts()).toHaveLength(1);
      if (how === 'script') {
        await logout(page);
      } else {
        await Promise.all([
          page.waitForURL((url) => url.pathname === '/'),
          page.evaluate(() => (document.querySelector('form.logout-form') as HTMLFormElement).submit()),
        ]);
        await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
      }
      await expect.poll(drafts).toEqual([]);
      await page.unroute('**/dictation/*/text');

      // The next person opening the link gets nothing back from this browser.
      await page.goto(`/dictation/${code}`);
      await expect(status(page)).toBeVisible();
      await expect(page.getByText('В поле возвращён текст, сохранённый в этом браузере без связи')).toHaveCount(0);
      await expect(page.getByText('В этом браузере сохранён текст')).toHaveCount(0);
      expect(await drafts()).toEqual([]);
    });
  }
});

test.describe('with JavaScript, a kept text older than the server’s', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the text is kept by a script');

  test('is offered, not forced: the participant chooses, and the choice is saved on the server', async ({
    context,
    baseURL,
  }) => {
    const code = await invitation();
    const page = await context.newPage();
    await startWriting(page, code);
    await context.setOffline(true);
    await textField(page).fill(FIRST);
    await expect(status(page)).toHaveText(/^Нет связи: текст сохранён в этом браузере/);
    await page.close();
    await context.setOffline(false);
    // Another device saves a text meanwhile, under a higher revision.
    const other = await fetch(`${baseURL}/dictation/${code}/text`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', Origin: baseURL! },
      body: new URLSearchParams({ text: 'С другого устройства.', revision: '5' }),
    });
    expect(other.status).toBe(200);

    const again = await context.newPage();
    await again.goto(`/dictation/${code}`);
    await expect(textField(again)).toHaveValue('С другого устройства.');
    await expect(again.getByText(/^В этом браузере сохранён текст, который не дошёл до сервера/)).toBeVisible();
    await again.getByRole('button', { name: 'Вернуть текст из этого браузера' }).click();
    await expect(textField(again)).toHaveValue(FIRST);
    await expect(status(again)).toHaveText(/^Текст сохранён на сервере в \d{2}:\d{2} мск$/);
    expect(await storedText(code)).toBe(FIRST);
  });
});
