import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  DEMO,
  heading,
  issuePass,
  login,
  loginForm,
  logout,
  outbox,
  PRODUCT_TITLE,
  seriousA11yViolations,
  upstreamStats,
} from './helpers';

/** docs/product.md §4 session flows and docs/architecture.md §4 cookies, through the real screens. */

const AUTH_COOKIE = '__Host-vptk';
const REFRESH_COOKIE = '__Host-rvptk';
const HOUR = 3600;

async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    auth: cookies.find((c) => c.name === AUTH_COOKIE),
    refresh: cookies.find((c) => c.name === REFRESH_COOKIE),
    names: cookies.map((c) => c.name),
  };
}

function cabinetHeader(page: Page) {
  return page.getByRole('banner');
}

test.describe('login form', () => {
  test('a wrong password is explained at the field and the e-mail stays', async ({ page, javaScriptEnabled }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.email.fill(DEMO.teacher.email);
    await form.password.fill('not-the-password');
    await form.submit.click();

    await expect(form.password).toHaveAccessibleDescription('Неверный адрес электронной почты или пароль');
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
    await expect(form.email).toHaveValue(DEMO.teacher.email);
    // Without JavaScript the page comes back from the server, which never echoes a password.
    if (!javaScriptEnabled) await expect(form.password).toHaveValue('');

    await form.password.fill(DEMO.teacher.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/lk$/);
    await expect(heading(page)).toHaveText('Личный кабинет');
    await expect(cabinetHeader(page)).toContainText(DEMO.teacher.name);
  });

  test('an empty form names what is missing at each field', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.submit.click();
    await expect(form.email).toHaveAccessibleDescription('Введите адрес электронной почты');
    await expect(form.password).toHaveAccessibleDescription('Введите пароль');

    await form.email.fill('not-an-address');
    await form.password.fill('whatever');
    await form.submit.click();
    await expect(form.email).toHaveAccessibleDescription('Введите корректный адрес электронной почты');
    await expect(form.email).toHaveValue('not-an-address');
  });

  test('the right password lands on /lk with the user’s name; /login then leads to the cabinet', async ({ page }) => {
    await login(page, DEMO.participant);
    await expect(page).toHaveURL(/\/lk$/);
    await expect(heading(page)).toHaveText('Личный кабинет');
    await expect(cabinetHeader(page)).toContainText(DEMO.participant.name);
    await expect(page).toHaveTitle(`Личный кабинет | ${PRODUCT_TITLE}`);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/lk$/);
    // The public pages offer the cabinet instead of sign-in.
    await page.goto('/week');
    const nav = page.getByRole('navigation', { name: 'Основная навигация' });
    await expect(nav.getByRole('link', { name: 'Вход' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Личный кабинет' }).click();
    await expect(heading(page)).toHaveText('Личный кабинет');
  });

  test('an anonymous visit to a cabinet page signs in and comes back to it', async ({ page }) => {
    await page.goto('/lk/scenarios/5');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Flk%2Fscenarios%2F5$/);
    await expect(heading(page)).toHaveText('Вход');

    await login(page, DEMO.teacher, { visit: false });
    await expect(page).toHaveURL(/\/lk\/scenarios\/5$/);
    await expect(heading(page)).toHaveText('Квест «Возврат товара без споров»');
    await expect(cabinetHeader(page)).toContainText(DEMO.teacher.name);
  });

  test('a redirect target off the site is ignored', async ({ page }) => {
    await page.goto('/login?redirectTo=%2F%2Fevil.example%2F');
    await login(page, DEMO.teacher, { visit: false });
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/lk$/);
  });
});

test.describe('session cookies', () => {
  test('both cookies are httpOnly, Secure and SameSite=Lax, and the page never sees them', async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await login(page, DEMO.teacher);
    const { auth, refresh } = await sessionCookies(context);
    for (const cookie of [auth, refresh]) {
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/', domain: 'localhost' });
    }
    const now = Date.now() / 1000;
    // docs/product.md §9: the session lasts 68 hours, the refresh cookie a year.
    expect(auth!.expires - now).toBeGreaterThan(67 * HOUR);
    expect(auth!.expires - now).toBeLessThanOrEqual(68 * HOUR);
    expect(refresh!.expires - now).toBeGreaterThan(364 * 24 * HOUR);

    // Neither the markup nor the hydration data carries the sealed values.
    const html = await page.content();
    expect(html).not.toContain(auth!.value);
    expect(html).not.toContain(refresh!.value);
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/vptk/);
      expect(await page.evaluate(() => JSON.stringify(window.__remixContext ?? {}))).not.toMatch(/token/i);
    }
  });

  test('with only the refresh cookie left, the next page load renews the session', async ({ page, context }) => {
    await login(page, DEMO.participant);
    const before = await sessionCookies(context);
    await context.clearCookies({ name: AUTH_COOKIE });

    await page.goto('/lk/support');
    await expect(heading(page)).toHaveText('Поддержка');
    await expect(cabinetHeader(page)).toContainText(DEMO.participant.name);
    const after = await sessionCookies(context);
    expect(after.auth?.value).toBeTruthy();
    expect(after.auth?.value).not.toBe(before.auth!.value);
    expect(after.refresh?.value).toBe(before.refresh!.value);
  });

  test('a tampered auth cookie without a refresh cookie means signed out', async ({ page, context }) => {
    await login(page, DEMO.participant);
    const { auth } = await sessionCookies(context);
    await context.clearCookies({ name: REFRESH_COOKIE });
    await context.addCookies([{ ...auth!, value: `${auth!.value.slice(0, -4)}AAAA` }]);

    await page.goto('/lk');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Flk$/);
    expect((await sessionCookies(context)).names).not.toContain(AUTH_COOKIE);
  });
});

test.describe('logout', () => {
  test('from a cabinet page lands on / as anonymous and clears the session', async ({ page, context }) => {
    await login(page, DEMO.teacher);
    await page.goto('/lk/scenarios');
    await logout(page);

    await expect(page).toHaveURL(/\/\?signed-out=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Вы вышли из личного кабинета.' })).toBeVisible();
    await expect(heading(page)).toHaveText(PRODUCT_TITLE);
    const nav = page.getByRole('navigation', { name: 'Основная навигация' });
    await expect(nav.getByRole('link', { name: 'Вход' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
    const { names } = await sessionCookies(context);
    expect(names).not.toContain(AUTH_COOKIE);
    expect(names).not.toContain(REFRESH_COOKIE);

    // The cabinet asks for a sign-in again, and Back does not bring a personal page out of a cache.
    await page.goBack();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Flk%2Fscenarios$/);
  });

  test('from the profile lands on / too', async ({ page }) => {
    await login(page, DEMO.participant);
    await page.goto('/profile/security');
    await logout(page);
    await expect(page).toHaveURL(/\/\?signed-out=1$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });
});

test.describe('entry links', () => {
  test('a ?pass= link opens «Войти», which signs in once; the address loses the pass', async ({
    page,
    baseURL,
    browser,
    javaScriptEnabled,
  }) => {
    const { link, pass } = await issuePass(DEMO.participant.email, baseURL!);
    const passesBefore = (await upstreamStats()).pass ?? 0;
    // The link is what the user gets by mail.
    expect((await outbox(DEMO.participant.email))[0]?.body).toContain(link);

    // Opening it spends nothing (a mail scanner opens links too): one button does.
    await page.goto(link);
    await expect(page).toHaveURL(`${baseURL}/login/pass`);
    await expect(heading(page)).toHaveText('Вход по ссылке из письма');
    // axe runs in the page: with JavaScript on only.
    if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await upstreamStats()).toMatchObject({ pass: passesBefore });
    await page.getByRole('button', { name: 'Войти' }).click();
    // A link to the front page signs in to the cabinet, which says who is signed in.
    await expect(page).toHaveURL(`${baseURL}/lk`);
    expect(page.url()).not.toContain(pass);
    await expect(heading(page)).toHaveText('Личный кабинет');
    await expect(cabinetHeader(page)).toContainText(DEMO.participant.name);

    // A used pass is refused: a fresh browser lands on the login page with an explanation.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await otherPage.getByRole('button', { name: 'Войти' }).click();
    await expect(otherPage).toHaveURL(/\/login\?reason=pass$/);
    await expect(otherPage.getByRole('status')).toHaveText(
      'Ссылка для входа недействительна или уже использована. Войдите с паролем.',
    );
    await other.close();
  });

  test('?re=auth leads to the first authorisation, whose way back opens /lk/scenarios', async ({ page, baseURL }) => {
    await login(page, DEMO.teacher);
    const transitions = (await upstreamStats()).linkTransition!;

    await page.goto('/lk?re=auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Первичная авторизация');
    const back = page.getByRole('link', { name: 'Вернуться на портал' });
    await expect(back).toHaveAttribute('href', `${baseURL}/lk/scenarios`);
    // The analytics transition of docs/product.md §4.7 was sent once.
    expect((await upstreamStats()).linkTransition).toBe(transitions + 1);

    await back.click();
    await expect(page).toHaveURL(`${baseURL}/lk/scenarios`);
    await expect(heading(page)).toHaveText('Сценарии');
    await expect(cabinetHeader(page)).toContainText(DEMO.teacher.name);
  });

  test('?re=auth works for an anonymous visitor too', async ({ page, baseURL }) => {
    await page.goto('/?re=auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Первичная авторизация');
    await page.getByRole('link', { name: 'Вернуться на портал' }).click();
    await expect(page).toHaveURL(`${baseURL}/login?redirectTo=%2Flk%2Fscenarios`);
  });
});

declare global {
  interface Window {
    __remixContext?: unknown;
  }
}
