import { expect, test, type Page } from '@playwright/test';
import { heading, login, registerUser, upstreamUrl } from './helpers';

/**
 * Hearing back (ADR 235), with JavaScript on and off: a user writes, staff answer through the reference
 * upstream's dev tools, the cabinet's navigation counts the news, the page marks it, and the count goes away.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Разделы личного кабинета' });

/** What the provider's staff do: `path` is `support/{id}` or `author-questions/{id}`. */
async function staff(path: string, change: Record<string, string>) {
  const response = await fetch(upstreamUrl(`/__dev__/${path}`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(change),
  });
  expect(response.status).toBe(200);
}

test('support answers a request: the navigation counts it, the page marks it, the count goes away', async ({
  page,
}, testInfo) => {
  await login(page, await registerUser(testInfo, 'hearing-back'));
  await nav(page).getByRole('link', { name: 'Поддержка' }).click();
  await expect(heading(page)).toHaveText('Поддержка');
  const form = page.getByRole('region', { name: 'Написать в поддержку' });
  await form.getByLabel('Тема обращения').selectOption({ label: 'Сертификаты' });
  await form
    .getByLabel('Сообщение')
    .fill('В сертификате неверно указано отчество: должно быть «Сергеевна». Исправьте, пожалуйста.');
  await form.getByRole('button', { name: 'Отправить обращение' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Обращение отправлено' })).toBeVisible();
  const number = await page.getByRole('heading', { level: 3, name: /Обращение № \d+/ }).textContent();
  const id = /№ (\d+)/.exec(number!)![1]!;

  await nav(page).getByRole('link', { name: 'Главная' }).click();
  await expect(page).toHaveURL(/\/lk$/);
  await expect(nav(page).getByRole('link', { name: 'Поддержка', exact: true })).toBeVisible();

  await staff(`support/${id}`, { reply: 'Отчество исправили, новый сертификат уже в личном кабинете.' });
  await page.reload();
  const counted = nav(page).getByRole('link', { name: 'Поддержка — новых ответов: 1' });
  await expect(counted).toBeVisible();
  await expect(counted).toContainText('1');

  await counted.click();
  await expect(heading(page)).toHaveText('Поддержка');
  const request = page.getByRole('region', { name: 'Мои обращения' }).getByRole('listitem').first();
  await expect(request).toContainText('Новый ответ');
  await expect(request).toContainText('Отчество исправили');
  await expect(request).toContainText('Решено');
  await expect(nav(page).getByRole('link', { name: 'Поддержка', exact: true })).toBeVisible();

  await nav(page).getByRole('link', { name: 'Диктанты' }).click();
  await expect(heading(page)).toHaveText('Диктанты');
  await expect(nav(page).getByRole('link', { name: 'Поддержка', exact: true })).toBeVisible();
  await page.goto('/lk/support');
  await expect(request).toContainText('Отчество исправили');
  await expect(request).not.toContainText('Новый ответ');
});

test('an author answers a question: counted in the navigation, marked once on the page', async ({ page }, testInfo) => {
  const user = await registerUser(testInfo, 'hearing-back-question');
  await login(page, user);
  await page.goto('/lk/author-questions');
  const form = page.getByRole('region', { name: 'Задать вопрос' });
  await form.getByLabel('Тема вопроса').selectOption({ label: 'Неделя права' });
  await form
    .getByLabel('Ваш вопрос')
    .fill('Можно ли провести игру «Суд присяжных» с пятиклассниками, или она рассчитана на старших?');
  await form.getByRole('button', { name: 'Отправить вопрос' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Вопрос отправлен' })).toBeVisible();
  const [question] = (await (
    await fetch(upstreamUrl(`/__dev__/author-questions?email=${encodeURIComponent(user.email)}`))
  ).json()) as { id: number }[];

  await staff(`author-questions/${question!.id}`, {
    answer: 'Можно: возьмите упрощённые роли из приложения к сценарию, игра займёт один урок.',
    author: 'Мария Петрова, автор сценария',
  });
  await nav(page).getByRole('link', { name: 'Главная' }).click();
  await expect(page).toHaveURL(/\/lk$/);
  await nav(page).getByRole('link', { name: 'Вопросы автору — новых ответов: 1' }).click();
  await expect(heading(page)).toHaveText('Вопросы автору');
  const mine = page.getByRole('region', { name: 'Мои вопросы' }).getByRole('listitem').first();
  await expect(mine).toContainText('Новый ответ');
  await expect(mine).toContainText('упрощённые роли');
  await expect(nav(page).getByRole('link', { name: 'Вопросы автору', exact: true })).toBeVisible();
  await page.reload();
  await expect(mine).not.toContainText('Новый ответ');
});

test.describe('on a 390 px phone (ADR 235)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the closed menu and /lk say that there is an answer, and the mailed link leads to it', async ({
    page,
  }, testInfo) => {
    const user = await registerUser(testInfo, 'noticed');
    await login(page, user);
    await page.goto('/lk/support');
    const form = page.getByRole('region', { name: 'Написать в поддержку' });
    await form.getByLabel('Тема обращения').selectOption({ label: 'Сертификаты' });
    await form.getByLabel('Сообщение').fill('Сертификат не скачивается: после нажатия на кнопку ничего не происходит.');
    await form.getByRole('button', { name: 'Отправить обращение' }).click();
    // The confirmation is where the eye is after sending, not above the fold (issue 29).
    await expect(page.getByRole('status').filter({ hasText: 'Обращение отправлено' })).toBeInViewport();
    const number = await page.getByRole('heading', { level: 3, name: /Обращение № \d+/ }).textContent();
    const id = /№ (\d+)/.exec(number!)![1]!;
    await staff(`support/${id}`, { reply: 'Исправили, попробуйте скачать ещё раз.' });

    await page.goto('/lk');
    const summary = nav(page).locator('summary');
    await expect(summary).toBeVisible();
    await expect(summary).toHaveText('Раздел: Главная — новых ответов: 1');
    const card = page.getByRole('region', { name: 'Вам ответили' });
    await expect(card).toContainText('Поддержка: 1 новый ответ');
    await expect(card).toBeInViewport();

    const [mail] = (await (
      await fetch(upstreamUrl(`/__dev__/outbox?to=${encodeURIComponent(user.email)}`))
    ).json()) as { body: string }[];
    const link = new URL(/https?:\/\/\S+/.exec(mail!.body)![0]);
    expect(link.hash).toBe(`#request-${id}`);
    await page.goto(link.pathname + link.hash);
    await expect(page.locator(`#request-${id}`)).toContainText('Исправили, попробуйте скачать ещё раз.');
    await expect(summary).toHaveText('Раздел: Поддержка');
  });
});

test('a resolved request is answered back: it reopens, and the replies show as a thread (ADR 235)', async ({
  page,
}, testInfo) => {
  await login(page, await registerUser(testInfo, 'thread'));
  await page.goto('/lk/support');
  const form = page.getByRole('region', { name: 'Написать в поддержку' });
  await form.getByLabel('Тема обращения').selectOption({ label: 'Сертификаты' });
  await form.getByLabel('Сообщение').fill('В сертификате неверно указана школа: должна быть школа № 12.');
  await form.getByRole('button', { name: 'Отправить обращение' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Обращение отправлено' })).toBeVisible();
  const number = await page.getByRole('heading', { level: 3, name: /Обращение № \d+/ }).textContent();
  const id = /№ (\d+)/.exec(number!)![1]!;
  await staff(`support/${id}`, { reply: 'Школу исправили, сертификат уже в личном кабинете.' });

  await page.reload();
  const request = page.locator(`#request-${id}`);
  await expect(request).toContainText('Решено');
  await request.getByText('Ответить', { exact: true }).click();
  await request.getByLabel('Ваш ответ').fill('Спасибо, но в сертификате всё ещё номер 21.');
  await expect(request).toContainText('Обращение снова откроется');
  await request.getByRole('button', { name: 'Отправить ответ' }).click();

  await expect(request).toContainText('Новое');
  await expect(request.getByRole('heading', { level: 4 })).toHaveText(['Ответ поддержки', 'Ваш ответ']);
  await expect(request).toContainText('Спасибо, но в сертификате всё ещё номер 21.');
  await expect(request.getByLabel('Ваш ответ')).toBeHidden();
});
