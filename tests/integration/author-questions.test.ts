import { afterEach, describe, expect, it } from 'vitest';
import { type Client, DEMO_USERS, pageText, readForms, startPortal } from './harness';
import { fieldErrorOf, formAlertOf, headingOf } from './page';
import { useServers } from './servers';

/** `/lk/author-questions` without JavaScript against the reference upstream: the list, asking, bad input, failures. */

const servers = useServers();

afterEach(() => servers.upstream.clearFaults());

/** Posts the question form of the page with `fields` filled in (the header's forms are not it). */
const ask = (browser: Client, fields: Record<string, string>) =>
  browser.submit('/lk/author-questions', fields, { action: '/lk/author-questions' });

const QUESTION = 'Какие материалы сценария «Суд потребителей» подойдут для урока в шестом классе?';

async function signedIn(user: { email: string; password: string }, portal = servers.portal): Promise<Client> {
  const browser = portal.client();
  await browser.login(user.email, user.password);
  return browser;
}

describe('/lk/author-questions', () => {
  it('lists the user’s own questions with their status and the authors’ answers', async () => {
    const browser = await signedIn(DEMO_USERS.teacher);
    const response = await browser.request('/lk/author-questions');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Вопросы автору');
    const text = pageText(html);
    for (const status of ['Есть ответ', 'В работе у автора', 'Отправлен']) expect(text).toContain(status);
    expect(text).toContain('Елена Викторовна Орлова, автор сценария');
    expect(text).not.toContain('Будет ли в этом году диктант писаться онлайн');
    expect(html).toContain('<option value="law-week">Неделя права</option>');
  });

  it('refuses bad input by the field, keeping what was typed, and sends nothing upstream', async () => {
    const browser = await signedIn(DEMO_USERS.participant);
    await servers.upstream.resetStats();
    const empty = await ask(browser, { topic: '', text: '' });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(fieldErrorOf(emptyHtml, 'topic')).toBe('Выберите тему вопроса');
    expect(fieldErrorOf(emptyHtml, 'text')).toBe('Напишите вопрос');

    const short = await ask(browser, { topic: 'scenarios', text: 'Как провести?' });
    const shortHtml = await short.text();
    expect(fieldErrorOf(shortHtml, 'text')).toBe('Вопрос слишком короткий: не менее 20 символов');
    expect(shortHtml).toContain('Как провести?</textarea>');
    expect(shortHtml).toMatch(/<option value="scenarios" selected="">/);
    expect((await servers.upstream.stats()).putAuthorQuestion).toBe(0);
  });

  it('puts the upstream’s refusal of an unknown topic at the topic', async () => {
    const browser = await signedIn(DEMO_USERS.participant);
    const response = await ask(browser, { topic: 'astrology', text: QUESTION });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldErrorOf(html, 'topic')).toBe('Выберите тему из списка');
    expect(html).toContain(`${QUESTION.replace(/«/g, '«')}</textarea>`);
  });

  it('sends a question, confirms it after the redirect and lists it first as sent', async () => {
    const browser = await signedIn(DEMO_USERS.participant);
    const sent = await ask(browser, { topic: 'law-week', text: QUESTION });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('Location')!;
    expect(location).toBe('/lk/author-questions?saved=1#saved');
    const html = await (await browser.request(location)).text();
    expect(html).toMatch(/<p [^>]*role="status" id="saved">Вопрос отправлен\./);
    const first = /<li id="[a-z]+-\d+" class="request">([\s\S]*?)<\/li>/.exec(html)![1]!;
    expect(pageText(first)).toContain('Отправлен Неделя права');
    expect(pageText(first)).toContain(QUESTION);
    // The form is empty again.
    expect(readForms(html).find((form) => form.method === 'post' && 'text' in form.fields)?.fields.text).toBe('');
  });

  it('offers no form once the user has too many questions without an answer', async () => {
    const browser = await signedIn(DEMO_USERS.teacher);
    const hasForm = async () =>
      readForms(await (await browser.request('/lk/author-questions')).text()).some((form) => 'text' in form.fields);
    for (let sent = 0; sent < 5 && (await hasForm()); sent++) {
      expect((await ask(browser, { topic: 'testing', text: QUESTION })).status).toBe(303);
    }
    const html = await (await browser.request('/lk/author-questions')).text();
    expect(pageText(html)).toContain('Вопросов без ответа у вас уже 5.');
    expect(readForms(html).some((form) => 'text' in form.fields)).toBe(false);
  });

  it('shows the error page when the list fails, and an upstream failure of the send on the form', async () => {
    const fresh = await startPortal({ upstreamUrl: servers.upstream.url });
    try {
      const browser = await signedIn(DEMO_USERS.participant, fresh);
      await servers.upstream.fault({ path: '/rest/author-questions/list/', status: 500 });
      const list = await browser.request('/lk/author-questions');
      expect(list.status).toBe(500);
      await servers.upstream.clearFaults();

      const form = readForms(await (await browser.request('/lk/author-questions')).text()).find(
        (candidate) => 'text' in candidate.fields,
      )!;
      await servers.upstream.fault({ path: '/rest/author-questions/', status: 500, times: 1 });
      const failed = await browser.request('/lk/author-questions', {
        form: { ...form.fields, topic: 'dictation', text: QUESTION },
      });
      expect(failed.status).toBe(400);
      const failedHtml = await failed.text();
      expect(formAlertOf(failedHtml)).toBe('Не удалось выполнить запрос (ошибка 500). Попробуйте ещё раз.');
      expect(failedHtml).toContain('</textarea>');
      expect(pageText(failedHtml)).toContain(QUESTION);
    } finally {
      await fresh.close();
    }
  });

  it('sends a visitor who is not signed in to the login', async () => {
    const response = await servers.portal.client().request('/lk/author-questions');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
  });
});
