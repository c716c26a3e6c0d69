import { readFileSync, statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { announcer } from './keyboard';
import { DEMO, heading, holdScripts, login, waitForHydration } from './helpers';

/** Scenarios, used for their purpose, with JavaScript on and off: find one, open it, look, download. */

const PLAN = 'upstream/files/scenarios/lesson-plan.pdf';

test('a teacher finds a scenario by search and filters, opens it, sees its images and downloads a material', async ({
  page,
}) => {
  await login(page, DEMO.teacher);
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Сценарии' })
    .click();
  await expect(heading(page)).toHaveText('Сценарии');

  await page.getByLabel('Поиск по названию, описанию и автору').fill('конституц');
  await page.getByLabel('Формат').selectOption('quest');
  await page.getByLabel('Сортировка').selectOption('title');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/[?&]q=%D0%BA%D0%BE%D0%BD%D1%81%D1%82%D0%B8%D1%82%D1%83%D1%86.*format=quest/);
  await expect(page.locator('.results-count')).toContainText(/Найдено: \d+ сценари/);
  const results = page
    .getByRole('list')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .getByRole('link');
  const titles = await results.allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toMatch(/^Квест «/);
  expect(titles).toEqual([...titles].sort());

  // A link reproduces the view: the same address in a fresh load shows the same results.
  await page.goto(page.url());
  await expect(results).toHaveText(titles);

  await results.first().click();
  await expect(heading(page)).toHaveText(titles[0]!);
  await expect(page.getByText('Квест', { exact: true })).toBeVisible();

  const route = page.getByRole('img', { name: 'Маршрут по станциям' });
  await expect(route).toBeVisible();
  const image = await page.request.get((await route.getAttribute('src'))!);
  expect(image.headers()['content-type']).toMatch(/^image\/svg\+xml\b/);

  const size = statSync(PLAN).size;
  await expect(page.getByText(`PDF, ${(size / 1024).toFixed(1).replace('.', ',')} КБ`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать «Конспект занятия.pdf»' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Конспект занятия.pdf');
  const saved = await file.path();
  expect(statSync(saved).size).toBe(size);
  expect(readFileSync(saved).equals(readFileSync(PLAN))).toBe(true);
});

test('the list pages through the thousand scenarios and keeps the filters', async ({ page }) => {
  await login(page, DEMO.teacher);
  await page.goto('/lk/scenarios?audience=parents');
  await expect(page.getByLabel('Класс или аудитория')).toHaveValue('parents');
  const pages = page.getByRole('navigation', { name: 'Страницы' });
  await pages.getByRole('link', { name: 'Вперёд' }).click();
  await expect(page).toHaveURL(/audience=parents&page=2#results$/);
  await expect(pages.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Класс или аудитория')).toHaveValue('parents');
});

test('on a phone, «Показать» and «Вперёд» open at the results, not at the filters', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, DEMO.teacher);
  await page.goto('/lk/scenarios');
  const count = page.locator('#results');
  await page.getByLabel('Класс или аудитория').selectOption('parents');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/[?&]audience=parents.*#results$/);
  // The count stands at the top of the first screen, the first result right below it.
  await expect(count).toHaveText(/^Найдено: /);
  await expect(count).toBeInViewport();
  await expect(page.locator('.scenario-card').first()).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Показать' })).not.toBeInViewport();

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Вперёд' }).click();
  await expect(page).toHaveURL(/page=2#results$/);
  await expect(count).toBeInViewport();
  await expect(page.locator('.scenario-card').first()).toBeInViewport();
});

test('an unknown scenario is the 404 page', async ({ page }) => {
  await login(page, DEMO.teacher);
  const response = await page.goto('/lk/scenarios/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Запрашиваемая страница не существует.')).toBeVisible();
});

test('by keyboard, a filter keeps focus on the control that applied it and the new count is announced', async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'without JavaScript every submit loads a new page, as the browser does');
  await login(page, DEMO.teacher);
  await page.goto('/lk/scenarios');
  await page.getByLabel('Формат').selectOption('quest');
  const show = page.getByRole('button', { name: 'Показать' });
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]format=quest/);
  await expect(announcer(page)).toContainText(/Найдено: \d+ сценари/);
  await expect(show).toBeFocused();
  await expect(page.getByLabel('Формат')).toHaveValue('quest');

  // Back to the unfiltered list: the fields follow the URL.
  await page.goBack();
  await expect(page).toHaveURL(/\/lk\/scenarios$/);
  await expect(page.getByLabel('Формат')).toHaveValue('');
});

test('a filter chosen before the page has hydrated is the one applied', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without JavaScript there is no hydration to race');
  await login(page, DEMO.teacher);
  const release = await holdScripts(page, /\/assets\/scenarios-[\w-]+\.js$/);
  // The route's module is one the document waits for before `load`: go on once the HTML is there.
  await page.goto('/lk/scenarios', { waitUntil: 'commit' });
  const format = page.getByLabel('Формат');
  await format.selectOption('quest');
  release();

  await waitForHydration(format);
  await expect(format).toHaveValue('quest');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/[?&]format=quest/);
  await expect(format).toHaveValue('quest');
});
