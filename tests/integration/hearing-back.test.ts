import { describe, expect, it } from 'vitest';
import { SUPPORT_OPEN_MAX } from '#contract';
import { type Client, pageText, readForms } from './harness';
import { formAlertOf } from './page';
import { useServers } from './servers';

/**
 * Hearing back (ADR 235) without JavaScript: staff answer through the reference upstream's dev tools, the
 * cabinet's navigation counts what is new, the page marks it and, once shown, it is no longer new.
 */

const servers = useServers();

const MESSAGE = 'Не открывается запись мастер-класса: после нажатия на кнопку воспроизведения ничего не происходит.';
const QUESTION = 'Как провести квест «Главы Конституции» в классе из тридцати человек без актового зала?';

async function newUser(tag: string): Promise<{ browser: Client; email: string }> {
  const email = `hearing-back-${tag}-${Date.now()}@example.org`;
  await servers.upstream.register({ email, password: 'first-password-1' });
  const browser = servers.portal.client();
  await browser.login(email, 'first-password-1');
  return { browser, email };
}

/** The reply letters mailed to an address: everything but the confirmation of its registration. */
async function replyMail(email: string) {
  return (await servers.upstream.outbox(email)).filter((m) => m.subject !== 'Подтвердите адрес электронной почты');
}

/** What staff do through the dev tools: `path` is `support/{id}` or `author-questions/{id}`. */
async function staff(path: string, change: Record<string, string>) {
  const response = await fetch(`${servers.upstream.url}/__dev__/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(change),
  });
  expect(response.status).toBe(200);
}

/** The cabinet navigation's link to a section, as a reader hears it. */
function navLink(html: string, href: string): string {
  const nav = /<nav aria-label="Разделы личного кабинета"[\s\S]*?<\/nav>/.exec(html)![0];
  // The link's text as one name: its parts are inline spans, so no space is added between them.
  return pageText(new RegExp(`<a[^>]*href="${href}"[^>]*>([\\s\\S]*?)</a>`).exec(nav)![1]!.replace(/<[^>]+>/g, ''));
}

const idOfFirst = (html: string) => Number(/Обращение № (\d+)/.exec(pageText(html))![1]);

describe('hearing back', () => {
  it('counts a support reply in the navigation, marks it on the page, and forgets it once shown', async () => {
    const { browser, email } = await newUser('support');
    expect(
      (await browser.submit('/lk/support', { topic: 'bug', message: MESSAGE }, { action: '/lk/support' })).status,
    ).toBe(303);
    const id = idOfFirst(await (await browser.request('/lk/support')).text());
    expect(navLink(await (await browser.request('/lk')).text(), '/lk/support')).toBe('Поддержка');

    await staff(`support/${id}`, { reply: 'Запись перезалили, проверьте, пожалуйста.' });
    expect(navLink(await (await browser.request('/lk')).text(), '/lk/support')).toBe('Поддержка — новых ответов: 1');
    expect(navLink(await (await browser.request('/lk/dictations')).text(), '/lk/support')).toBe(
      'Поддержка — новых ответов: 1',
    );

    // A prefetch is nobody looking: the mark stays.
    await browser.request('/lk/support', { headers: { 'Sec-Purpose': 'prefetch' } });
    const page = await (await browser.request('/lk/support')).text();
    expect(navLink(page, '/lk/support')).toBe('Поддержка');
    const item = pageText(/<li id="[a-z]+-\d+" class="request">([\s\S]*?)<\/li>/.exec(page)![1]!);
    expect(item).toContain('Новый ответ');
    expect(item).toContain('Запись перезалили, проверьте, пожалуйста.');

    const again = await (await browser.request('/lk/support')).text();
    expect(pageText(again)).not.toContain('Новый ответ');
    expect(navLink(await (await browser.request('/lk')).text(), '/lk/support')).toBe('Поддержка');

    const [mail] = await servers.upstream.outbox(email);
    expect(mail).toMatchObject({ subject: `Ответ на обращение № ${id}` });
  });

  it('counts an author’s answer and a new status, each marked once', async () => {
    const { browser } = await newUser('questions');
    const asked = await browser.submit(
      '/lk/author-questions',
      { topic: 'law-week', text: QUESTION },
      { action: '/lk/author-questions' },
    );
    expect(asked.status).toBe(303);
    const id = servers.upstream.db.value('SELECT max(id) FROM author_questions') as number;
    await staff(`author-questions/${id}`, { status: 'in_work' });
    expect(navLink(await (await browser.request('/lk')).text(), '/lk/author-questions')).toBe(
      'Вопросы автору — новых ответов: 1',
    );
    expect(pageText(await (await browser.request('/lk/author-questions')).text())).toContain('Новый статус');

    await staff(`author-questions/${id}`, { answer: 'Разделите класс на пять команд.', author: 'Мария Петрова' });
    const page = pageText(await (await browser.request('/lk/author-questions')).text());
    expect(page).toContain('Новый ответ');
    expect(page).toContain('Разделите класс на пять команд.');
    expect(pageText(await (await browser.request('/lk/author-questions')).text())).not.toContain('Новый ответ');
  });

  it('a failure of the count leaves the count out, not the page', async () => {
    const { browser } = await newUser('fault');
    await servers.upstream.fault({ path: '/rest/replies/unseen/', status: 500 });
    try {
      const response = await browser.request('/lk');
      expect(response.status).toBe(200);
      expect(navLink(await response.text(), '/lk/support')).toBe('Поддержка');
    } finally {
      await servers.upstream.clearFaults();
    }
  });
});

/** The one cabinet link in a mail, at the portal the upstream is configured with: the portal under test. */
function linkIn(body: string): URL {
  const links = body.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  const url = new URL(links[0]!);
  expect(url.origin).toBe(servers.portal.origin);
  return url;
}

/** The phone's closed menu: its summary, as a reader hears it. */
function summaryOf(html: string): string {
  const nav = /<nav aria-label="Разделы личного кабинета"[\s\S]*?<\/nav>/.exec(html)![0];
  return pageText(/<summary>([\s\S]*?)<\/summary>/.exec(nav)![1]!.replace(/<[^>]+>/g, ''));
}

/** The card `/lk` leads with when there are new answers, as text; undefined when there is none. */
function newAnswersCard(html: string): string | undefined {
  const card = /<section class="card" data-tone="accent" aria-labelledby="new-answers">([\s\S]*?)<\/section>/.exec(
    html,
  );
  return card ? pageText(card[1]!).replace(/ :/g, ':').trim() : undefined;
}

describe('new answers are noticed (ADR 235)', () => {
  it('lead /lk with a card that counts them and links to them, and say so on the closed menu', async () => {
    const { browser } = await newUser('noticed');
    await browser.submit('/lk/support', { topic: 'bug', message: MESSAGE }, { action: '/lk/support' });
    await browser.submit(
      '/lk/author-questions',
      { topic: 'law-week', text: QUESTION },
      { action: '/lk/author-questions' },
    );
    const supportId = idOfFirst(await (await browser.request('/lk/support')).text());
    const questionId = servers.upstream.db.value('SELECT max(id) FROM author_questions') as number;

    const quiet = await (await browser.request('/lk')).text();
    expect(newAnswersCard(quiet)).toBeUndefined();
    expect(summaryOf(quiet)).toBe('Раздел: Главная');

    await staff(`support/${supportId}`, { reply: 'Запись перезалили, проверьте, пожалуйста.' });
    await staff(`author-questions/${questionId}`, { answer: 'Разделите класс на пять команд.' });
    const html = await (await browser.request('/lk')).text();
    expect(newAnswersCard(html)).toBe('Вам ответили Вопросы автору: 1 новый ответ Поддержка: 1 новый ответ');
    const card = html.indexOf('aria-labelledby="new-answers"');
    // First on the screen, before the rest of the cabinet's home.
    expect(card).toBeGreaterThan(html.indexOf('<main'));
    expect(card).toBeLessThan(html.indexOf('id="today-title"'));
    expect(html).toMatch(/aria-labelledby="new-answers">[\s\S]*?<a[^>]*href="\/lk\/author-questions"/);
    expect(html).toMatch(/aria-labelledby="new-answers">[\s\S]*?<a[^>]*href="\/lk\/support"/);
    expect(summaryOf(html)).toBe('Раздел: Главная — новых ответов: 2');

    // On the support page its own answer is shown, so the summary counts only the other one; then none.
    expect(summaryOf(await (await browser.request('/lk/support')).text())).toBe('Раздел: Поддержка — новых ответов: 1');
    await browser.request('/lk/author-questions');
    const after = await (await browser.request('/lk')).text();
    expect(newAnswersCard(after)).toBeUndefined();
    expect(summaryOf(after)).toBe('Раздел: Главная');
  });
});

describe('reply mails (ADR 215)', () => {
  it('mail a support reply with a link to the request in the cabinet', async () => {
    const { browser, email } = await newUser('mail-support');
    await browser.submit('/lk/support', { topic: 'bug', message: MESSAGE }, { action: '/lk/support' });
    const id = idOfFirst(await (await browser.request('/lk/support')).text());
    await staff(`support/${id}`, { reply: 'Запись перезалили, проверьте, пожалуйста.' });

    const [mail] = await servers.upstream.outbox(email);
    expect(mail!.subject).toBe(`Ответ на обращение № ${id}`);
    expect(mail!.body).toContain('Запись перезалили, проверьте, пожалуйста.');
    const link = linkIn(mail!.body);
    expect(link.pathname + link.hash).toBe(`/lk/support#request-${id}`);

    const response = await browser.request(link.pathname);
    expect(response.status).toBe(200);
    const html = await response.text();
    const item = new RegExp(`<li id="request-${id}" class="request">([\\s\\S]*?)</li>`).exec(html)![1]!;
    expect(pageText(item)).toContain('Запись перезалили, проверьте, пожалуйста.');
  });

  it('mail an author’s answer with a link to the question in the cabinet, and not a change of status', async () => {
    const { browser, email } = await newUser('mail-answer');
    await browser.submit(
      '/lk/author-questions',
      { topic: 'law-week', text: QUESTION },
      { action: '/lk/author-questions' },
    );
    const id = servers.upstream.db.value('SELECT max(id) FROM author_questions') as number;
    await staff(`author-questions/${id}`, { status: 'in_work' });
    expect(await replyMail(email)).toEqual([]);

    await staff(`author-questions/${id}`, { answer: 'Разделите класс на пять команд.', author: 'Мария Петрова' });
    const mails = await replyMail(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Авторы ответили на ваш вопрос');
    expect(mails[0]!.body).toContain('Разделите класс на пять команд.');
    const link = linkIn(mails[0]!.body);
    expect(link.pathname + link.hash).toBe(`/lk/author-questions#question-${id}`);

    const response = await browser.request(link.pathname);
    expect(response.status).toBe(200);
    const html = await response.text();
    const item = new RegExp(`<li id="question-${id}" class="request">([\\s\\S]*?)</li>`).exec(html)![1]!;
    expect(pageText(item)).toContain('Разделите класс на пять команд.');
  });
});

describe('support requests', () => {
  it(`take ${SUPPORT_OPEN_MAX} unresolved at a time: the page says so instead of the form, and a late send is refused on the form`, async () => {
    const { browser } = await newUser('limit');
    // A second tab, opened before the limit is reached, keeps its form.
    const secondTab = readForms(await (await browser.request('/lk/support')).text()).find(
      (f) => 'message' in f.fields,
    )!;
    for (let i = 0; i < SUPPORT_OPEN_MAX; i++) {
      expect(
        (await browser.submit('/lk/support', { topic: 'bug', message: MESSAGE }, { action: '/lk/support' })).status,
      ).toBe(303);
    }
    const full = pageText(await (await browser.request('/lk/support')).text());
    expect(full).toContain(`Нерешённых обращений у вас уже ${SUPPORT_OPEN_MAX}.`);
    expect(full).not.toContain('Отправить обращение');

    const late = await browser.request('/lk/support', {
      form: { ...secondTab.fields, topic: 'bug', message: MESSAGE },
    });
    expect(late.status).toBe(400);
    const lateHtml = await late.text();
    expect(formAlertOf(lateHtml)).toContain(`${SUPPORT_OPEN_MAX} нерешённых обращений`);
  });

  it('reply to the account’s own address: the form has no other, and names it', async () => {
    const { browser, email } = await newUser('reply-to');
    const html = await (await browser.request('/lk/support')).text();
    expect(html).not.toContain('name="replyTo"');
    expect(pageText(html)).toContain(`придёт на адрес вашей учётной записи: ${email}`);
  });
});

describe('a support thread (ADR 235)', () => {
  it('answers back on a resolved request without JavaScript: it reopens, and the replies show as a thread', async () => {
    const { browser, email } = await newUser('thread');
    await browser.submit('/lk/support', { topic: 'bug', message: MESSAGE }, { action: '/lk/support' });
    const id = idOfFirst(await (await browser.request('/lk/support')).text());
    await staff(`support/${id}`, { reply: 'Запись перезалили, проверьте, пожалуйста.' });
    const itemOf = (html: string) =>
      pageText(new RegExp(`<li id="request-${id}" class="request">([\\s\\S]*?)</li>`).exec(html)![1]!);

    const page = await (await browser.request('/lk/support')).text();
    expect(itemOf(page)).toContain('Решено');
    const form = readForms(page).find((f) => f.fields.requestId === String(id))!;
    expect(form.fields.intent).toBe('reply');

    const short = await browser.request('/lk/support', { form: { ...form.fields, message: 'Нет.' } });
    expect(short.status).toBe(400);
    expect(pageText(await short.text())).toContain('Сообщение слишком короткое');

    const answered = await browser.request('/lk/support', {
      form: { ...form.fields, message: 'Всё равно не открывается, в другом браузере тоже.' },
    });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toBe(`/lk/support#request-${id}`);
    const reopened = itemOf(await (await browser.request('/lk/support')).text());
    expect(reopened).toContain('Новое');
    expect(reopened).not.toContain('Решено');
    const reply = reopened.indexOf('Запись перезалили');
    const back = reopened.indexOf('Всё равно не открывается');
    expect(reply).toBeGreaterThan(-1);
    expect(back).toBeGreaterThan(reply);

    await staff(`support/${id}`, { reply: 'Нашли причину, исправили: проверьте ещё раз.' });
    const thread = itemOf(await (await browser.request('/lk/support')).text());
    expect(thread.indexOf('Нашли причину')).toBeGreaterThan(thread.indexOf('Всё равно не открывается'));
    expect(thread).toContain('Запись перезалили');
    const [latest] = await servers.upstream.outbox(email);
    expect(latest!.body).toContain('Нашли причину, исправили: проверьте ещё раз.');
    expect(linkIn(latest!.body).hash).toBe(`#request-${id}`);
  });
});
