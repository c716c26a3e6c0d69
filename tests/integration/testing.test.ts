import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_ANSWER_MAX } from '#contract';
import { ANSWER_TEXT_MAX } from '../../app/forms/test-question.schema';
import { seededRandom } from '../../upstream/random';
import { minutes } from '#shared/time';
import { Client, decodeHtml, DEMO_USERS, readForms } from './harness';
import { fieldErrorOf, formAlertOf, headingOf } from './page';
import { useServers } from './servers';

/** The testing screens against the reference upstream: list, test, answers, limits, failures and 404s (ADR 237). */

/** The page's text as a reader sees it: React's separators between adjacent texts removed, entities decoded. */
const textOf = (html: string) => decodeHtml(html.replace(/<!-- -->/g, ''));
/** The same without tags: what a reader sees of the page's words. */
const wordsOf = (html: string) => textOf(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

/**
 * Test 1 «Основы права»: 10 questions, 15 minutes, 3 attempts. Question 101's right option is 1013 («18 лет»),
 * 102 is single choice, 103 multiple, 104's answer is «Федеральное Собрание», 105's option 1051 is a wrong one.
 */
const LAW = '/lk/testing/1';

async function read(client: Client, target: string) {
  const response = await client.request(target);
  return { response, html: await response.text() };
}

/** Presses a button of the question's form (its `intent`), with the fields the page rendered and `fields`. */
async function press(client: Client, page: string, intent: string, fields: Record<string, string> = {}) {
  const { html } = await read(client, page);
  const form = readForms(html).find((candidate) => candidate.action?.startsWith('/lk/testing/'));
  if (!form) throw new Error(`no question form on ${page}`);
  return client.request(form.action ?? page, { form: { ...form.fields, ...fields, intent } });
}

/** The summary's form: its one button, «Завершить и отправить», sends the attempt. */
async function summaryForm(client: Client, summary: string) {
  const { html } = await read(client, summary);
  const form = readForms(html).find((candidate) => candidate.action === summary);
  if (!form) throw new Error(`no summary form on ${summary}`);
  return form;
}

/** Sends the open attempt from its summary, as «Завершить и отправить» does. */
async function send(client: Client, test: string) {
  const summary = `${test}/summary`;
  return client.request(summary, { form: (await summaryForm(client, summary)).fields });
}

/**
 * Finishes the attempt the way a participant must: «Завершить тест» on a question (saving its answer, opening the
 * summary, finishing nothing), then «Завершить и отправить». Answers the last response, the result's redirect.
 */
async function finish(client: Client, page: string, fields: Record<string, string> = {}) {
  const test = page.replace(/\/questions\/\d+$/, '');
  const toSummary = await press(client, page, 'finish', fields);
  expect(toSummary.status).toBe(303);
  expect(toSummary.headers.get('Location')).toBe(`${test}/summary`);
  return send(client, test);
}

/**
 * Where each question stands in the user's open attempt, which shuffles them: question id → its page's position,
 * read from the pages as a browser gets them.
 */
async function positionsIn(client: Client, test: string, count: number) {
  const positions = new Map<number, number>();
  for (let n = 1; n <= count; n++) {
    const { html } = await read(client, `${test}/questions/${n}`);
    const form = readForms(html).find((candidate) => candidate.action?.startsWith('/lk/testing/'));
    positions.set(Number(form?.fields.questionId), n);
  }
  return positions;
}

/** Starts (or resumes) the test from its page and returns the first question's path. */
async function startTest(client: Client, test = LAW) {
  const response = await client.request(test, { form: {} });
  expect(response.status).toBe(303);
  return response.headers.get('Location')!;
}

async function signIn(servers: ReturnType<typeof useServers>, user: { email: string; password: string }) {
  const client = servers.portal.client();
  await client.login(user.email, user.password);
  return client;
}

describe('taking a test', () => {
  // A seeded shuffle: the same order of questions on every run.
  const servers = useServers({ upstream: { random: seededRandom(7) } });
  let teacher: Client;

  beforeAll(async () => {
    teacher = await signIn(servers, DEMO_USERS.teacher);
  });
  afterEach(() => servers.upstream.clearFaults());

  it('lets the question form take exactly as long a text as the contract', () => {
    // Longer, and the upstream would refuse what the form let through; shorter, and the form would refuse in vain.
    expect(ANSWER_TEXT_MAX).toBe(TEXT_ANSWER_MAX);
  });

  it('lists the tests with the user’s state in each', async () => {
    const { response, html } = await read(teacher, '/lk/testing');
    expect(response.status).toBe(200);
    expect(headingOf(html)).toBe('Тестирование');
    const text = textOf(html);
    expect(text.match(/<h2 class="test-card__title">/g)).toHaveLength(12);
    expect(text).toMatch(/Пройден: \d+ из 10 \(\d+ %\)/);
    expect(text).toMatch(/Не пройден: \d+ из 8 \(\d+ %\)/);
    expect(text).toContain('В процессе: вопрос 7 из 8');
    expect(text).toContain('Использовано попыток: 1 из 3');
    expect(text).toContain('Не начат');
  });

  /** Question id → position in the teacher's attempt at LAW, read once it has started. */
  let at: Map<number, number>;
  const law = (id: number) => `${LAW}/questions/${at.get(id)}`;

  it('describes a test with its limits and starts it; answers are saved one by one and never shown right', async () => {
    const { html } = await read(teacher, LAW);
    expect(headingOf(html)).toBe('Основы права');
    expect(textOf(html)).toContain('10 вопросов · 15 мин · 3 попытки · зачёт от 70 %');
    expect(textOf(html)).toContain(
      'После каждой попытки видно, какие ответы верны, а какие нет; верные ответы с пояснениями — после последней попытки.',
    );
    expect(textOf(html)).toContain('Начать тест');

    const first = await startTest(teacher);
    expect(first).toBe(`${LAW}/questions/1`);
    const question = await read(teacher, first);
    const text = textOf(question.html);
    expect(text).toContain('Вопрос 1 из 10');
    expect(text).toMatch(/До конца теста осталось<\/span> <span role="timer"[^>]*>1[45]:\d\d/);
    at = await positionsIn(teacher, LAW, 10);
    expect([...at.keys()].sort()).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    expect((await read(teacher, law(101))).html.match(/type="radio"/g)).toHaveLength(4);
    expect(text).not.toMatch(/Статья 21 Гражданского кодекса|rightOptionIds|explanation/);

    const answered = await press(teacher, law(101), 'go-1', { optionIds: '1013' });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('Location')).toBe(`${LAW}/questions/1`);
    const text4 = await press(teacher, law(104), 'go-1', { text: '  федеральное СОБРАНИЕ ' });
    expect(text4.headers.get('Location')).toBe(`${LAW}/questions/1`);

    const back = await read(teacher, law(101));
    expect(back.html).toMatch(/<input[^>]*value="1013"[^>]*checked=""|<input[^>]*checked=""[^>]*value="1013"/);
    expect(textOf(back.html)).toContain('Ответ сохранён');
  });

  it('keeps the attempt on the upstream: another browser resumes it in its order, with the answers given', async () => {
    const other = await signIn(servers, DEMO_USERS.teacher);
    const { html } = await read(other, LAW);
    expect(textOf(html)).toContain('Попытка начата: отвечено 2 из 10.');
    const firstOpen = Math.min(...[...at].filter(([id]) => id !== 101 && id !== 104).map(([, n]) => n));
    expect(html).toContain(`href="${LAW}/questions/${firstOpen}"`);
    expect(await positionsIn(other, LAW, 10)).toEqual(at);
    const fourth = await read(other, law(104));
    expect(fourth.html).toMatch(/name="text"[^>]*value="федеральное СОБРАНИЕ"/);
  });

  it('asks for an answer before «Ответить и далее», keeping the page; «Назад» goes without one', async () => {
    const position = at.get(103)!;
    const empty = await press(teacher, law(103), `answer-${Math.min(position + 1, 10)}`);
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(fieldErrorOf(html, 'optionIds')).toBe('Отметьте хотя бы один вариант ответа');
    expect(textOf(html)).toContain('Исправьте ошибки');
    const back = await press(teacher, law(103), 'go-2');
    expect(back.headers.get('Location')).toBe(`${LAW}/questions/2`);
  });

  it('keeps the chosen answer on the page when the upstream fails to save it', async () => {
    await servers.upstream.fault({ path: '/rest/testing/attempt/answer/', status: 500 });
    const failed = await press(teacher, law(102), 'go-1', { optionIds: '1022' });
    expect(failed.status).toBe(400);
    const html = await failed.text();
    expect(formAlertOf(html)).toBe('Не удалось выполнить запрос (ошибка 500). Попробуйте ещё раз.');
    expect(html).toMatch(/<input[^>]*value="1022"[^>]*checked=""|<input[^>]*checked=""[^>]*value="1022"/);
  });

  let result: string;

  it('opens the summary with «Завершить тест», saving the answer and finishing nothing', async () => {
    const toSummary = await press(teacher, law(105), 'finish', { optionIds: '1051' });
    expect(toSummary.status).toBe(303);
    expect(toSummary.headers.get('Location')).toBe(`${LAW}/summary`);

    const { response, html } = await read(teacher, `${LAW}/summary`);
    expect(response.status).toBe(200);
    expect(headingOf(html)).toBe('Проверка перед отправкой');
    const text = textOf(html);
    expect(text).toContain('Без ответа: 7 из 10. Вопрос без ответа засчитывается как неверный');
    expect(text.match(/>Отвечен</g)).toHaveLength(3);
    expect(text.match(/>Без ответа</g)).toHaveLength(7);
    const items = [...html.matchAll(/<li class="test-summary__item">([\s\S]*?)<\/li>/g)].map(([, item]) => item!);
    expect(items).toHaveLength(10);
    items.forEach((item, index) => expect(item).toContain(`href="${LAW}/questions/${index + 1}"`));
    for (const id of [101, 104, 105]) expect(items[at.get(id)! - 1]).toContain('>Отвечен<');
    expect(items[at.get(103)! - 1]).toContain('>Без ответа<');
    const firstOpen = Math.min(...[...at].filter(([id]) => ![101, 104, 105].includes(id)).map(([, n]) => n));
    expect(html).toMatch(new RegExp(`href="${LAW}/questions/${firstOpen}"[^>]*>Вернуться к вопросам<`));
    expect(text).toContain('Завершить и отправить');

    // Nothing was sent: the attempt is open, the answer given with «Завершить тест» saved.
    expect(textOf((await read(teacher, LAW)).html)).toContain('Попытка начата: отвечено 3 из 10.');
    const back = await read(teacher, law(105));
    expect(back.response.status).toBe(200);
    expect(back.html).toMatch(/<input[^>]*value="1051"[^>]*checked=""|<input[^>]*checked=""[^>]*value="1051"/);
  });

  it('sends the attempt from the summary alone: the score, and right or wrong for each answer without the right ones', async () => {
    const stale = await summaryForm(teacher, `${LAW}/summary`);
    const finished = await send(teacher, LAW);
    expect(finished.status).toBe(303);
    result = finished.headers.get('Location')!;
    // The same summary sent again (a second press, another tab) lands on the same result and spends nothing.
    const twice = await teacher.request(`${LAW}/summary`, { form: stale.fields });
    expect(twice.status).toBe(303);
    expect(twice.headers.get('Location')).toBe(result);
    expect(result).toMatch(/^\/lk\/testing\/1\/attempts\/\d+$/);
    const { html } = await read(teacher, result);
    const text = textOf(html);
    expect(headingOf(html)).toBe('Результат: Основы права');
    expect(text).toContain('Тест не пройден');
    expect(text).toContain('2 из 10 правильных ответов (20 %). Для зачёта нужно не меньше 70 %.');
    expect(text).toContain(
      'Здесь отмечено, какие ответы верны, а какие нет. Верные ответы с пояснениями будут показаны после последней попытки (завершено попыток: 1 из 3).',
    );
    const words = wordsOf(html);
    expect(words).toContain('18 лет — ваш ответ');
    expect(words).toContain('14 лет — ваш ответ');
    expect(words).toContain('Ваш ответ: федеральное СОБРАНИЕ');
    expect(words).not.toMatch(/верный ответ|Пояснение:/i);
    expect(text).not.toMatch(/Статья 21 Гражданского кодекса|Федеральное Собрание/);
    expect(text.match(/class="test-review__item"/g)).toHaveLength(10);
    expect(text.match(/<p class="test-review__verdict">Верно<\/p>/g)).toHaveLength(2);

    const again = await read(teacher, `${LAW}/questions/1`);
    expect(again.response.status).toBe(302);
    expect(again.response.headers.get('Location')).toBe(result);
    const summary = await read(teacher, `${LAW}/summary`);
    expect(summary.response.status).toBe(302);
    expect(summary.response.headers.get('Location')).toBe(result);
  });

  it('offers «Пройти ещё раз» on the result while attempts remain, starting the next one', async () => {
    const { html } = await read(teacher, result);
    const form = readForms(html).find((candidate) => candidate.action === LAW);
    expect(form?.method).toBe('post');
    expect(textOf(html)).toContain('Пройти ещё раз');
    const again = await teacher.request(LAW, { form: form!.fields });
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).toBe(`${LAW}/questions/1`);
    // The earlier result now leads to the open attempt instead of starting another.
    const open = await read(teacher, result);
    expect(textOf(open.html)).not.toContain('Пройти ещё раз');
    expect(open.html).toMatch(new RegExp(`href="${LAW}/questions/1"[^>]*>Продолжить тест<`));
  });

  it('asks the next attempt in another order, and shows every review’s right answers after the last', async () => {
    await startTest(teacher);
    const second = await positionsIn(teacher, LAW, 10);
    expect(second).not.toEqual(at);
    expect(wordsOf((await read(teacher, result)).html)).not.toMatch(/верный ответ/i);
    expect((await finish(teacher, `${LAW}/questions/1`)).status).toBe(303);
    const third = await finish(teacher, await startTest(teacher));
    const last = await read(teacher, third.headers.get('Location')!);
    expect(last.response.status).toBe(200);
    // No attempt left: no «Пройти ещё раз» on any result.
    expect(textOf(last.html)).not.toContain('Пройти ещё раз');
    expect(readForms(last.html).find((candidate) => candidate.action === LAW)).toBeUndefined();

    const { html } = await read(teacher, result);
    const words = wordsOf(html);
    expect(words).toContain('Все попытки использованы: показаны верные ответы и пояснения.');
    expect(words).toContain('18 лет — ваш ответ, верный ответ');
    expect(words).toContain('14 лет — ваш ответ');
    expect(words).toContain('Верный ответ: Федеральное Собрание');
    expect(textOf(html)).toContain('Статья 21 Гражданского кодекса');
  });

  it('tells a second device that the attempt was finished on the first, and its answer was not saved', async () => {
    const first = await startTest(teacher, '/lk/testing/9');
    const where = await positionsIn(teacher, '/lk/testing/9', 8);
    const page = `/lk/testing/9/questions/${where.get(901)}`;
    const other = await signIn(servers, DEMO_USERS.teacher);
    const { html } = await read(other, page);
    const form = readForms(html).find((candidate) => candidate.action?.startsWith('/lk/testing/'))!;
    await finish(teacher, first);
    const late = await other.request(form.action!, { form: { ...form.fields, optionIds: '9012', intent: 'go-1' } });
    expect(late.status).toBe(303);
    const { html: result } = await read(other, late.headers.get('Location')!);
    expect(textOf(result)).toContain('Эта попытка уже завершена (в другой вкладке или на другом устройстве)');
    expect(textOf(result)).toContain('0 из 8 правильных ответов');
  });

  it('refuses a start past the attempts limit with the upstream’s message', async () => {
    for (let n = 0; n < 2; n++) {
      const first = await startTest(teacher, '/lk/testing/12');
      const finished = await finish(teacher, first);
      expect(finished.status).toBe(303);
      const offered = textOf((await read(teacher, finished.headers.get('Location')!)).html).includes('Пройти ещё раз');
      expect(offered, `after attempt ${n + 1} of 2`).toBe(n === 0);
    }
    const { html } = await read(teacher, '/lk/testing/12');
    expect(textOf(html)).toContain('Все попытки использованы.');
    expect(textOf(html)).not.toContain('Пройти ещё раз');
    const forced = await teacher.request('/lk/testing/12', { form: {} });
    expect(forced.status).toBe(409);
    expect(textOf(await forced.text())).toContain('Все попытки использованы: 2 из 2.');
  });

  it('answers 404 for an unknown test, question or attempt, and for someone else’s attempt', async () => {
    const attemptPath = await startTest(teacher, '/lk/testing/2');
    const finished = await finish(teacher, attemptPath);
    const result = finished.headers.get('Location')!;
    await startTest(teacher, '/lk/testing/7');
    const participant = await signIn(servers, DEMO_USERS.participant);
    for (const [client, path] of [
      [teacher, '/lk/testing/999'],
      [teacher, '/lk/testing/7/questions/99'],
      [teacher, '/lk/testing/7/questions/abc'],
      [teacher, '/lk/testing/2/attempts/999999'],
      [teacher, result.replace('/testing/2/', '/testing/3/')],
      [participant, result],
    ] as const) {
      const { response, html } = await read(client, path);
      expect(response.status, path).toBe(404);
      expect(html, path).not.toContain('Статья');
    }
  });

  it('shows the error page when the upstream fails, and sends a guest to sign in', async () => {
    await servers.upstream.fault({ path: '/rest/testing/list/', status: 500 });
    const { response, html } = await read(teacher, '/lk/testing');
    expect(response.status).toBe(500);
    expect(html).toContain('Перезагрузите страницу.');
    const guest = await servers.portal.client().request(`${LAW}/questions/1`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('the time limit', () => {
  let offset = 0;
  const servers = useServers({ upstream: { now: () => Date.now() + offset, random: seededRandom(7) } });

  it('refuses an answer after the time is up, finishes the attempt and says so on its result', async () => {
    const participant = await signIn(servers, DEMO_USERS.participant);
    await startTest(participant, '/lk/testing/4');
    const at = await positionsIn(participant, '/lk/testing/4', 8);
    await press(participant, `/lk/testing/4/questions/${at.get(401)}`, 'go-1', { optionIds: '4012' });
    // The page was served in time; the answer arrives after the ten minutes.
    const { html: page } = await read(participant, `/lk/testing/4/questions/${at.get(402)}`);
    const form = readForms(page).find((candidate) => candidate.action?.startsWith('/lk/testing/'))!;
    offset = minutes(11);
    const late = await participant.request(form.action!, {
      form: { ...form.fields, optionIds: '4021', intent: 'go-1' },
    });
    expect(late.status).toBe(303);
    const result = late.headers.get('Location')!;
    expect(result).toMatch(/^\/lk\/testing\/4\/attempts\/\d+\?reason=time-over$/);
    const { html } = await read(participant, result);
    expect(textOf(html)).toContain('Время на тест истекло: последний ответ не принят, попытка завершена.');
    expect(textOf(html)).toContain('1 из 8 правильных ответов');
    const list = await read(participant, '/lk/testing');
    expect(textOf(list.html)).toContain('Не пройден: 1 из 8 (12 %)');
    // The summary of an attempt the clock closed leads to its result too.
    const summary = await read(participant, '/lk/testing/4/summary');
    expect(summary.response.status).toBe(302);
    expect(summary.response.headers.get('Location')).toBe(result.replace(/\?.*$/, ''));
  });
});
