import { expect, test, type Page } from '@playwright/test';
import { heading, login, registerUser, watchErrors } from './helpers';
import {
  CHILD_ANSWERS,
  expectGiven,
  fill,
  LABOUR_ANSWERS,
  requiredMessage,
  shownQuestion,
  type Answer,
} from './test-answers';

/**
 * Testing as a participant uses it, with JavaScript and without: take a test question by question with a reload
 * in the middle, check the summary and send it from there, and read the reviewed result; slip on «Завершить тест»
 * and lose nothing (ADR 237), start again from the result; see the right answers only after the last attempt;
 * leave a test half-way and resume it in another browser. Questions come in each attempt's own order, so each is answered by
 * its words (./test-answers.ts).
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

/** Answers the question on the page and sends it with the button that moves on (the last one's «Ответить»). */
async function answerShown(page: Page, answers: Answer[], last = false): Promise<Answer> {
  const answer = await shownQuestion(page, answers);
  await fill(page, answer);
  await page.getByRole('button', { name: last ? 'Ответить' : 'Ответить и далее', exact: true }).click();
  return answer;
}

/**
 * «Завершить тест» on a question: the summary, which sends nothing. `open` is how many questions are
 * without an answer, of `count`.
 */
async function toSummary(page: Page, open: number, count: number) {
  await page.getByRole('button', { name: 'Завершить тест' }).click();
  await expect(heading(page)).toHaveText('Проверка перед отправкой');
  await expect(
    page.getByText(
      open === 0 ? `Ответ дан на все вопросы (${count}).` : new RegExp(`^Без ответа: ${open} из ${count}\\.`),
    ),
  ).toBeVisible();
}

/** The summary's one button that sends the attempt, then its result. */
async function send(page: Page) {
  await page.getByRole('button', { name: 'Завершить и отправить' }).click();
  await expect(heading(page)).toHaveText(/^Результат: /);
}

/** The review of one question, found by its words. */
function reviewOf(page: Page, asks: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(asks) }) });
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
  const first = await shownQuestion(page, LABOUR_ANSWERS);
  await expect(page.getByText(requiredMessage(first)).first()).toBeVisible();
  await answerShown(page, LABOUR_ANSWERS);
  await question(page, 2, 6);
  const second = await answerShown(page, LABOUR_ANSWERS);
  await question(page, 3, 6);

  await page.reload();
  await question(page, 3, 6);
  await expect(page.getByRole('button', { name: 'Вопрос 2, есть ответ' })).toBeVisible();
  await page.getByRole('button', { name: 'Назад' }).click();
  await question(page, 2, 6);
  await expectGiven(page, second);
  await next(page);

  for (const n of [3, 4, 5, 6]) {
    await question(page, n, 6);
    await answerShown(page, LABOUR_ANSWERS, n === 6);
  }
  await expect(page.getByText('На все вопросы дан ответ: проверьте ответы и завершите тест.')).toBeVisible();
  await toSummary(page, 0, 6);
  await expect(page.getByText('Отвечен', { exact: true })).toHaveCount(6);
  await send(page);

  await expect(heading(page)).toHaveText(`Результат: ${LABOUR}`);
  await expect(page.getByRole('heading', { name: 'Тест пройден' })).toBeVisible();
  await expect(page.getByText('5 из 6 правильных ответов (83 %). Для зачёта нужно не меньше 65 %.')).toBeVisible();
  // One attempt of two is left: right or wrong only, the right answers later.
  await expect(page.getByText(/Верные ответы с пояснениями будут показаны после последней попытки/)).toBeVisible();
  const hours = reviewOf(page, 'от 16 до 18 лет');
  await expect(hours.getByText('Неверно', { exact: true })).toBeVisible();
  await expect(hours.getByText('Не более 40 — ваш ответ')).toBeVisible();
  await expect(hours.getByText('Не более 35')).toHaveText('Не более 35');
  await expect(page.getByText(/верный ответ|Статья 92 Трудового кодекса/i)).toHaveCount(0);
  await expect(reviewOf(page, 'оплачиваемый отпуск').getByText('Верно', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'К описанию теста' }).first().click();
  await expect(page.getByText('Использовано попыток: 1 из 2')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Разбор попытки 1' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('«Завершить тест» opens the summary, which alone sends the attempt; a failed attempt with attempts left shows right/wrong and offers «Пройти ещё раз»; after the last attempt the right answers', async ({
  page,
}, testInfo) => {
  const user = await registerUser(testInfo, 'review');
  await login(page, user);
  await openTest(page, LABOUR);
  await expect(page.getByText('верные ответы с пояснениями — после последней попытки', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Начать тест' }).click();
  await question(page, 1, 6);
  const answered = await answerShown(page, LABOUR_ANSWERS);
  await question(page, 2, 6);
  // A slip on «Завершить тест» sends nothing: the summary, and the way back to the questions.
  await toSummary(page, 5, 6);
  await expect(page.getByText('Отвечен', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Без ответа', { exact: true })).toHaveCount(5);
  await page.getByRole('link', { name: /^Вопрос 4\./ }).click();
  await question(page, 4, 6);
  await toSummary(page, 5, 6);
  await page.getByRole('link', { name: 'Вернуться к вопросам' }).click();
  await question(page, 2, 6);
  await page.getByRole('link', { name: 'К описанию теста' }).click();
  await expect(page.getByText('Попытка начата: отвечено 1 из 6.')).toBeVisible();
  await page.getByRole('link', { name: 'Продолжить тест' }).click();
  await question(page, 2, 6);
  await toSummary(page, 5, 6);
  await send(page);

  await expect(page.getByRole('heading', { name: 'Тест не пройден' })).toBeVisible();
  await expect(
    page.getByText(
      'Здесь отмечено, какие ответы верны, а какие нет. Верные ответы с пояснениями будут показаны после последней попытки (завершено попыток: 1 из 2).',
    ),
  ).toBeVisible();
  const verdict = answered.asks === 'от 16 до 18 лет' ? 'Неверно' : 'Верно';
  await expect(reviewOf(page, answered.asks).getByText(verdict, { exact: true })).toBeVisible();
  await expect(page.getByText('Нет ответа', { exact: true })).toHaveCount(5);
  await expect(page.getByText(/верный ответ|Пояснение:|Статья \d+ Трудового кодекса/i)).toHaveCount(0);

  // One attempt of two left: the result offers the next.
  await page.getByRole('button', { name: 'Пройти ещё раз' }).click();
  await question(page, 1, 6);
  await toSummary(page, 6, 6);
  await send(page);
  await expect(page.getByRole('button', { name: 'Пройти ещё раз' })).toHaveCount(0);

  await expect(page.getByText('Все попытки использованы: показаны верные ответы и пояснения.')).toBeVisible();
  const hours = reviewOf(page, 'от 16 до 18 лет');
  await expect(hours.getByText('Не более 35 — верный ответ')).toBeVisible();
  await expect(hours.getByText(/Статья 92 Трудового кодекса/)).toBeVisible();
  await expect(reviewOf(page, 'оплачиваемый отпуск').getByText('31', { exact: true })).toBeVisible();

  // The first attempt's review now shows them too.
  await page.getByRole('link', { name: 'К описанию теста' }).first().click();
  await page.getByRole('link', { name: 'Разбор попытки 1' }).click();
  await expect(reviewOf(page, 'от 16 до 18 лет').getByText('Не более 35 — верный ответ')).toBeVisible();
});

test('leave a test half-way and resume it in another browser', async ({ page, browser }, testInfo) => {
  const user = await registerUser(testInfo, 'resume');
  await login(page, user);
  await openTest(page, CHILD);
  await page.getByRole('button', { name: 'Начать тест' }).click();
  await question(page, 1, 7);
  await answerShown(page, CHILD_ANSWERS);
  await question(page, 2, 7);
  const second = await answerShown(page, CHILD_ANSWERS);
  await question(page, 3, 7);
  const third = await shownQuestion(page, CHILD_ANSWERS);

  const otherDevice = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const other = await otherDevice.newPage();
  await login(other, user);
  await other.goto('/lk/testing');
  const card = other.getByRole('listitem').filter({ has: other.getByRole('link', { name: CHILD }) });
  await expect(card).toContainText('В процессе: вопрос 3 из 7');
  await card.getByRole('link', { name: CHILD }).click();
  await other.getByRole('link', { name: 'Продолжить тест' }).click();
  await question(other, 3, 7);
  // The same order on the other device: the same third question, and the second one's answer.
  expect(await shownQuestion(other, CHILD_ANSWERS)).toBe(third);
  await other.getByRole('button', { name: 'Вопрос 2, есть ответ' }).click();
  await expectGiven(other, second);
  await otherDevice.close();
});
