import { afterEach, describe, expect, it } from 'vitest';
import { type Client, DEMO_USERS, pageText, readForms, startPortal } from './harness';
import { fieldErrorOf, formAlertOf, headingOf } from './page';
import { useServers } from './servers';

/** `/lk/support` without JavaScript against the reference upstream: contacts, the form, the list, failures. */

const servers = useServers({
  portal: { env: { CONTACT_EMAIL: 'help@portal.example.ru', CONTACT_PHONE: '8 800 555-35-35' } },
});

afterEach(() => servers.upstream.clearFaults());

/** Posts the support form of the page with `fields` filled in (the header's forms are not it). */
const send = (browser: Client, fields: Record<string, string>) =>
  browser.submit('/lk/support', fields, { action: '/lk/support' });

const MESSAGE = 'После входа в личный кабинет не открывается раздел «Мастер-классы»: страница остаётся пустой.';

async function signedIn(user: { email: string; password: string }, portal = servers.portal): Promise<Client> {
  const browser = portal.client();
  await browser.login(user.email, user.password);
  return browser;
}

const supportForm = (html: string) => readForms(html).find((form) => 'message' in form.fields)!;

describe('/lk/support', () => {
  it('shows the configured contacts as links, the form naming the profile’s e-mail, and the user’s requests', async () => {
    const browser = await signedIn(DEMO_USERS.teacher);
    const response = await browser.request('/lk/support');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Поддержка');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('href="mailto:help@portal.example.ru"');
    expect(main).toContain('href="tel:88005553535"');
    expect(main).toMatch(/href="https:\/\/vk\.com\/"/);
    expect(main).toMatch(/href="https:\/\/t\.me\/"/);
    expect(supportForm(html).fields).not.toHaveProperty('replyTo');
    const text = pageText(html);
    expect(text).toContain(`придёт на адрес вашей учётной записи: ${DEMO_USERS.teacher.email}`);
    for (const status of ['Новое', 'В работе', 'Решено']) expect(text).toContain(status);
    expect(text).toContain('Название школы исправлено');
    expect(text).not.toContain('Не приходит письмо с кодом восстановления');
  });

  it('a request sent after the session ended keeps its text without JavaScript: sign in, and it is back', async () => {
    const browser = await signedIn(DEMO_USERS.participant);
    const form = supportForm(await (await browser.request('/lk/support')).text());
    // The session ends while the page stays open (signed out elsewhere, or timed out).
    await browser.logout();
    const sent = await browser.request(form.action ?? '/lk/support', {
      form: { ...form.fields, topic: 'bug', message: MESSAGE },
    });
    expect(sent.status).toBe(302);
    const location = sent.headers.get('Location')!;
    expect(location).toBe('/login?redirectTo=%2Flk%2Fsupport&reason=form-kept');
    // The note holds the text sealed: nothing of it in the URL or readable in the cookie.
    expect(sent.headers.getSetCookie().join()).not.toContain('Мастер');
    const login = pageText(await (await browser.request(location)).text());
    expect(login).toContain(
      'Сеанс завершился, пока вы заполняли форму. Войдите снова — введённый текст вернётся в форму',
    );

    const { url, response } = await browser.login(
      DEMO_USERS.participant.email,
      DEMO_USERS.participant.password,
      '/lk/support',
    );
    expect(new URL(url).pathname).toBe('/lk/support');
    const html = await response.text();
    expect(html).toContain(`${MESSAGE}</textarea>`);
    expect(pageText(html)).toContain('Текст обращения, отправленного до входа, возвращён в форму');
    // Once: the next visit starts with an empty form.
    expect(html).toMatch(/<option value="bug" selected="">/);
    expect(await (await browser.request('/lk/support')).text()).not.toContain(`${MESSAGE}</textarea>`);
  });

  it('refuses bad input by the field, keeping what was typed, and sends nothing upstream', async () => {
    const browser = await signedIn(DEMO_USERS.participant);
    await servers.upstream.resetStats();
    const bad = await send(browser, { topic: '', message: 'Сбой' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(fieldErrorOf(html, 'topic')).toBe('Выберите тему обращения');
    expect(fieldErrorOf(html, 'message')).toBe('Сообщение слишком короткое: не менее 10 символов');
    expect(html).toContain('Сбой</textarea>');
    expect((await servers.upstream.stats()).putSupportRequest).toBe(0);
  });

  it('sends a request, confirms it after the redirect and lists it first as new', async () => {
    const browser = await signedIn(DEMO_USERS.participant);
    const sent = await send(browser, { topic: 'bug', message: MESSAGE });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe('/lk/support?saved=1#saved');
    const html = await (await browser.request('/lk/support?saved=1')).text();
    expect(html).toMatch(/<p [^>]*role="status" id="saved">Обращение отправлено\./);
    const first = pageText(/<li id="[a-z]+-\d+" class="request">([\s\S]*?)<\/li>/.exec(html)![1]!);
    expect(first).toContain('Новое Ошибка на сайте');
    expect(first).toContain(MESSAGE);
    expect(supportForm(html).fields.message).toBe('');
  });

  it('shows the error page when the list fails, and an upstream failure of the send on the form', async () => {
    const fresh = await startPortal({ upstreamUrl: servers.upstream.url });
    try {
      const browser = await signedIn(DEMO_USERS.participant, fresh);
      await servers.upstream.fault({ path: '/rest/support/list/', status: 500 });
      expect((await browser.request('/lk/support')).status).toBe(500);
      await servers.upstream.clearFaults();

      const form = supportForm(await (await browser.request('/lk/support')).text());
      await servers.upstream.fault({ path: '/rest/support/', status: 503, times: 1 });
      const failed = await browser.request('/lk/support', { form: { ...form.fields, topic: 'bug', message: MESSAGE } });
      expect(failed.status).toBe(400);
      const failedHtml = await failed.text();
      expect(formAlertOf(failedHtml)).toMatch(/ошибка 503|Сервис не ответил/);
      expect(pageText(failedHtml)).toContain(MESSAGE);
    } finally {
      await fresh.close();
    }
  });

  it('sends a visitor who is not signed in to the login', async () => {
    const response = await servers.portal.client().request('/lk/support');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
  });
});
