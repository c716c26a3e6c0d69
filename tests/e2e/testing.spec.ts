import { expect, test, type Page } from '@playwright/test';
import { heading, login, registerUser } from './support';

/**
 * Testing as a participant uses it, with JavaScript and without: take a test question by question with a reload
 * in the middle and read the reviewed result; leave a test half-way and resume it in another browser.
 */

/** Seeded: «Трудовые права подростков», six questions of every kind, ten minutes, two attempts. */
const LABOUR = 'Трудовые права подростков';
/** Seeded: «Права ребёнка», seven questions, no time limit. */
const CHILD = 'Права ребёнка';

async function openTest(page: Page, title: string) {
  await page
    .getByRole('navigation', { name: 'Разделы личного кабинета' })
    .getByRole('link', { name: 'Тестирование' })
    .click();
  await expect(heading(page)).toHaveText('Тестирование');
  await page.getByRole('link', { name: title }).click();
  await expect(heading(page)).toHaveText(title);
}

function question(page: Page, n: number, count: number) {
  return expect(page.getByText(`Вопрос ${n} из ${count}`, { exact: true })).toBeVisible();
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Ответить и далее' }).click();
}

/**
 * The page's console errors and uncaught exceptions (a hydration mismatch of the deferred question form among
 * them); a refused answer's 400 is the designed path, which the browser logs as a failed resource.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('take a test with a reload in the middle and read the reviewed result', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  const user = await registerUser(testInfo, 'testing');
  await login(page, user);
  await openTest(page, LABOUR);
  await expect(page.getByText('6 вопросов · 10 мин · 2 попытки · зачёт от 65 %')).toBeVisible();
  await page.getByRole('button', { name: 'Начать тест' }).click();

  await question(page, 1, 6);
  await expect(page.getByRole('timer')).toHaveText(/^(10:00|0?9:\d\d)$/);
  await next(page);
  await expect(page.getByText('Выберите один вариант ответа').first()).toBeVisible();
  await page.getByRole('radio', { name: '16 лет' }).check();
  await next(page);
  await question(page, 2, 6);
  await page.getByRole('radio', { name: 'Не более 40' }).check();
  await next(page);
  await question(page, 3, 6);

  await page.reload();
  await question(page, 3, 6);
  await expect(page.getByRole('button', { name: 'Вопрос 2, есть ответ' })).toBeVisible();
  await page.getByRole('button', { name: 'Назад' }).click();
  await question(page, 2, 6);
  await expect(page.getByRole('radio', { name: 'Не более 40' })).toBeChecked();
  await next(page);

  await question(page, 3, 6);
  await page.getByRole('radio', { name: 'Не более 24' }).check();
  await next(page);
  await question(page, 4, 6);
  for (const work of ['Работы с вредными', 'Работа в ночное время', 'Подземные работы']) {
    await page.getByRole('checkbox', { name: new RegExp(work) }).check();
  }
  await next(page);
  await question(page, 5, 6);
  await page.getByLabel('Ваш ответ').fill(' 31 ');
  await next(page);
  await question(page, 6, 6);
  await page.getByRole('radio', { name: 'Да, обязательно' }).check();
  await page.getByRole('button', { name: 'Ответить', exact: true }).click();
  await expect(page.getByText('На все вопросы дан ответ: проверьте ответы и завершите тест.')).toBeVisible();
  await page.getByRole('button', { name: 'Завершить тест' }).click();

  await expect(heading(page)).toHaveText(`Результат: ${LABOUR}`);
  await expect(page.getByRole('heading', { name: 'Тест пройден' })).toBeVisible();
  await expect(page.getByText('5 из 6 правильных ответов (83 %). Для зачёта нужно не меньше 65 %.')).toBeVisible();
  const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Вопрос 2\./ }) });
  await expect(second.getByText('Неверно', { exact: true })).toBeVisible();
  await expect(second.getByText('Не более 40 — ваш ответ')).toBeVisible();
  await expect(second.getByText('Не более 35 — верный ответ')).toBeVisible();
  await expect(second.getByText(/Статья 92 Трудового кодекса/)).toBeVisible();
  const fifth = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Вопрос 5\./ }) });
  await expect(fifth.getByText('Верно', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'К описанию теста' }).first().click();
  await expect(page.getByText('Использовано попыток: 1 из 2')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Разбор попытки 1' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('leave a test half-way and resume it in another browser', async ({ page, browser }, testInfo) => {
  const user = await registerUser(testInfo, 'resume');
  await login(page, user);
  await openTest(page, CHILD);
  await page.getByRole('button', { name: 'Начать тест' }).click();
  await page.getByRole('radio', { name: 'Конвенция ООН о правах ребёнка' }).check();
  await next(page);
  await question(page, 2, 7);
  await page.getByRole('radio', { name: '18 лет' }).check();
  await next(page);
  await question(page, 3, 7);

  const otherDevice = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const other = await otherDevice.newPage();
  await login(other, user);
  await other.goto('/lk/testing');
  const card = other.getByRole('listitem').filter({ has: other.getByRole('link', { name: CHILD }) });
  await expect(card).toContainText('В процессе: вопрос 3 из 7');
  await card.getByRole('link', { name: CHILD }).click();
  await other.getByRole('link', { name: 'Продолжить тест' }).click();
  await question(other, 3, 7);
  await other.getByRole('button', { name: 'Вопрос 2, есть ответ' }).click();
  await expect(other.getByRole('radio', { name: '18 лет' })).toBeChecked();
  await otherDevice.close();
});
