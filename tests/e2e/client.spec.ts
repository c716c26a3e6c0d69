import { expect, test, type Page } from '@playwright/test';
import { addFault, ATTEMPTS_PER_GET, clearFaults, DEMO, heading, login, PROFILE_CALL, watchErrors } from './helpers';

/** docs/architecture.md §7: with JavaScript, moving around the cabinet is a client-side navigation with a progress bar. */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'client-side navigation needs JavaScript');

declare global {
  interface Window {
    e2eMarker?: string;
  }
}

function sideNav(page: Page, name: 'Разделы личного кабинета' | 'Настройки профиля') {
  return page.getByRole('navigation', { name });
}

/** A value that only survives while the document does: a full page load wipes it. */
async function markDocument(page: Page) {
  await page.evaluate(() => (window.e2eMarker = 'same document'));
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => window.e2eMarker)).toBe('same document');
}

test.afterEach(async () => {
  await clearFaults();
});

test('a slow navigation shows the progress bar until the next screen is there', async ({ page }) => {
  await login(page, DEMO.teacher);
  await markDocument(page);
  const progress = page.getByRole('progressbar', { name: 'Загрузка страницы' });
  await expect(progress).toHaveCount(0);

  // Every cabinet navigation reads the profile (root loader); holding it up makes the navigation slow.
  await addFault({ path: PROFILE_CALL, latencyMs: 1_500, times: 1 });
  await sideNav(page, 'Разделы личного кабинета').getByRole('link', { name: 'Сценарии' }).click();

  await expect(progress).toBeVisible();
  // While it loads, the user still sees where they were.
  await expect(heading(page)).toHaveText('Личный кабинет');

  await expect(heading(page)).toHaveText('Сценарии');
  await expect(progress).toHaveCount(0);
  await expect(page).toHaveURL(/\/lk\/scenarios$/);
  await expectSameDocument(page);
});

test('moving between cabinet and profile pages never reloads the document', async ({ page }) => {
  await login(page, DEMO.participant);
  await markDocument(page);
  const cabinet = sideNav(page, 'Разделы личного кабинета');

  const sections = [
    ['Диктанты', 'Диктанты', /\/lk\/dictations$/],
    ['Мастер-классы', 'Мастер-классы', /\/lk\/master-classes$/],
    ['Неделя права', 'Неделя права', /\/lk\/law-week$/],
    ['Неделя права: темы', 'Темы недели права', /\/lk\/law-week\/themes$/],
    ['Вопросы автору', 'Вопросы автору', /\/lk\/author-questions$/],
    ['Тестирование', 'Тестирование', /\/lk\/testing$/],
    ['Поддержка', 'Поддержка', /\/lk\/support$/],
    ['Главная', 'Личный кабинет', /\/lk$/],
  ] as const;
  for (const [link, title, url] of sections) {
    await cabinet.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(heading(page)).toHaveText(title);
    // The section the user is in is marked for assistive technology too.
    await expect(cabinet.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
  }

  await page.getByRole('banner').getByRole('link', { name: 'Профиль' }).click();
  await expect(heading(page)).toHaveText('Профиль');
  const profileNav = sideNav(page, 'Настройки профиля');
  await profileNav.getByRole('link', { name: 'Безопасность' }).click();
  await expect(heading(page)).toHaveText('Безопасность');
  await profileNav.getByRole('link', { name: 'Вернуться в личный кабинет' }).click();
  await expect(page).toHaveURL(/\/lk$/);
  await expect(heading(page)).toHaveText('Личный кабинет');

  await page.goBack();
  await expect(heading(page)).toHaveText('Безопасность');
  await expectSameDocument(page);
});

test('an upstream failure during a client navigation shows the error page, and the cabinet comes back', async ({
  page,
}) => {
  await login(page, DEMO.teacher);
  await markDocument(page);
  await addFault({ path: PROFILE_CALL, status: 500, times: ATTEMPTS_PER_GET });
  await sideNav(page, 'Разделы личного кабинета').getByRole('link', { name: 'Поддержка' }).click();
  await expect(heading(page)).toHaveText('Ошибка 500');
  await expect(page).toHaveURL(/\/lk\/support$/);

  await page.getByRole('link', { name: 'Обновить страницу' }).click();
  await expect(heading(page)).toHaveText('Поддержка');
  await expect(page.getByRole('banner')).toContainText(DEMO.teacher.name);
});

test('the inlined stylesheet survives hydration and styles the next screen of a client-side navigation', async ({
  page,
}) => {
  // No screen links a stylesheet; the document's one <style> holds every screen's rules.
  const warnings = watchErrors(page, { warnings: true });
  await login(page, DEMO.teacher);
  await markDocument(page);
  await sideNav(page, 'Разделы личного кабинета').getByRole('link', { name: 'Сценарии' }).click();
  await expect(heading(page)).toHaveText('Сценарии');
  await expectSameDocument(page);

  // Rules of app/styles/scenarios.css, which the cabinet's home page never linked.
  const list = page.locator('.scenario-list');
  await expect(list).toHaveCSS('display', 'grid');
  await expect(list).toHaveCSS('list-style-type', 'none');
  const sheets = await page.evaluate(() => ({
    styles: [...document.querySelectorAll('style')].map((style) => style.textContent?.length ?? 0),
    links: document.querySelectorAll('link[rel="stylesheet"]').length,
  }));
  expect(sheets.links).toBe(0);
  expect(sheets.styles).toHaveLength(1);
  expect(sheets.styles[0]).toBeGreaterThan(10_000);
  expect(warnings).toEqual([]);
});
