import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, decodeHtml, readForms, startPortal, type Client, type Portal } from './harness';
import { useServers } from './servers';
import { fieldErrorOf, headingOf } from './page';

/**
 * Banners and their redirect, the cabinet home, the certificate download, the weekly program's day links and the
 * tender question, as a person uses them without JavaScript, against the reference upstream; and each screen
 * with its upstream failing.
 */

const servers = useServers();

afterEach(() => servers.upstream.clearFaults());

async function signedIn(user: { email: string; password: string } = DEMO_USERS.teacher): Promise<Client> {
  const browser = servers.portal.client();
  await browser.login(user.email, user.password);
  return browser;
}

function text(html: string): string {
  return decodeHtml(html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

/** Posts the form of `page` whose hidden `intent` is `intent`, with `fields` filled in. */
async function submitIntent(browser: Client, page: string, intent: string, fields: Record<string, string>) {
  const form = readForms(await (await browser.request(page)).text()).find((f) => f.fields.intent === intent);
  if (!form) throw new Error(`no ${intent} form on ${page}`);
  return browser.request(form.action ?? page, { form: { ...form.fields, ...fields } });
}

describe('banners', () => {
  it('shows the banners on / and records a followed one before redirecting to its own link', async () => {
    const home = await (await servers.portal.client().request('/')).text();
    expect(text(home)).toContain('Неделя открытых уроков');
    expect(home).toContain('href="/go/week-open-lessons"');

    const before = (await servers.upstream.stats()).linkTransition;
    const go = await servers.portal.client().request('/go/week-open-lessons');
    expect(go.status).toBe(302);
    expect(go.headers.get('Location')).toBe('/week');
    expect((await servers.upstream.stats()).linkTransition).toBe(before + 1);

    const outside = await servers.portal.client().request('/go/fgos-materials');
    expect(outside.headers.get('Location')).toBe('https://edsoo.ru/');
  });

  it.each([
    { 'Sec-Purpose': 'prefetch' },
    { 'Sec-Purpose': 'prefetch;anonymous-client-ip' },
    { Purpose: 'prefetch' },
  ] as Record<string, string>[])(
    'a prefetch (%j) is no click: declined, nothing recorded, no redirect kept',
    async (headers) => {
      const before = (await servers.upstream.stats()).linkTransition;
      const prefetch = await servers.portal.client().request('/go/week-open-lessons', { headers });
      expect(prefetch.status).toBe(503);
      expect(prefetch.headers.get('Location')).toBeNull();
      expect(prefetch.headers.get('Cache-Control')).toContain('no-store');
      expect((await servers.upstream.stats()).linkTransition).toBe(before);
    },
  );

  it('knows no other target: an unknown code is a 404 and nothing is recorded', async () => {
    const before = (await servers.upstream.stats()).linkTransition;
    const unknown = await servers.portal.client().request('/go/evil?to=https://attacker.example');
    expect(unknown.status).toBe(404);
    expect((await servers.upstream.stats()).linkTransition).toBe(before);
  });

  it('serves a banner picture through the portal', async () => {
    const image = await servers.portal.client().request('/banners/1/image');
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toContain('image/svg+xml');
  });
});

describe('the cabinet home', () => {
  it('shows today’s day, the certificate and the banners, with the reads made side by side', async () => {
    const browser = await signedIn();
    await servers.upstream.resetStats();
    const html = await (await browser.request('/lk')).text();
    expect(headingOf(html)).toBe('Личный кабинет');
    expect(text(html)).toContain('Сегодня в программе недели');
    expect(text(html)).toContain('Сертификат участника');
    expect(html).toContain('href="/lk/certificate.pdf"');
    const stats = await servers.upstream.stats();
    expect([stats.weekList, stats.weekParticipation, stats.certificate].every((n) => n <= 1)).toBe(true);
  });

  it('shows the next master class: the soonest one that has not ended', async () => {
    const next = servers.upstream.db
      .prepare(
        'SELECT id, title FROM webinars WHERE starts_at + duration_minutes * 60000 > ? ORDER BY starts_at LIMIT 1',
      )
      .get(Date.now()) as { id: number; title: string };
    const html = await (await (await signedIn()).request('/lk')).text();
    expect(text(html)).toContain('Ближайший мастер-класс');
    expect(html).toContain(`href="/lk/master-classes/${next.id}"`);
    expect(text(html)).toContain(next.title);
  });

  it('tells the participant there is no certificate yet, and refuses the download', async () => {
    const browser = await signedIn(DEMO_USERS.participant);
    expect(text(await (await browser.request('/lk')).text())).toContain('Сертификата об очном участии у вас пока нет');
    expect((await browser.request('/lk/certificate.pdf')).status).toBe(404);
  });
});

describe('the certificate', () => {
  it('downloads as a PDF under a Russian name, with no upstream address or token in sight', async () => {
    const browser = await signedIn();
    const response = await browser.request('/lk/certificate.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    const disposition = response.headers.get('Content-Disposition') ?? '';
    expect(disposition).toMatch(/^attachment;/);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '')).toBe(
      'Сертификат участника ОУ-0417.pdf',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const profile = await (await browser.request('/profile')).text();
    expect(profile).toContain('href="/lk/certificate.pdf"');
    expect(profile).not.toContain(servers.upstream.url);
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    const response = await servers.portal.client().request('/lk/certificate.pdf');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('the weekly program', () => {
  it('shows the program on /week with an invitation to sign in', async () => {
    const html = await (await servers.portal.client().request('/week')).text();
    expect(headingOf(html)).toBe('Программа недели');
    expect(text(html)).toContain('Войдите, чтобы отправить ссылку');
    expect(text(html)).toContain('Приём ссылок за этот день закрыт');
    expect(text(html)).toMatch(/Приём ссылок откроется/);
  });

  it('refuses a link that is not http(s) next to the field, keeping it, then saves a good one', async () => {
    const browser = await signedIn();
    const bad = await submitIntent(browser, '/lk/week', 'day-link', { link: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(fieldErrorOf(badHtml, 'link')).toBe('Ссылка должна начинаться с http:// или https://');
    expect(badHtml).toContain('value="javascript:alert(1)"');

    const link = 'https://school1.example.ru/news/otkrytyj-urok';
    const good = await submitIntent(browser, '/lk/week', 'day-link', { link });
    expect(good.status).toBe(303);
    const location = good.headers.get('Location')!;
    expect(location).toMatch(/^\/lk\/week\?saved=1#day-\d+$/);
    const saved = await (await browser.request(location)).text();
    expect(text(saved)).toContain('Сохранено');
    expect(saved).toContain(`value="${link}"`);
    expect(text(saved)).toContain('Вы участвуете в программе');
  });
});

describe('the tender question', () => {
  it('is asked once, then shown as sent with its text and no second form', async () => {
    const browser = await signedIn();
    const short = await submitIntent(browser, '/lk/week', 'question', { text: 'Как?' });
    expect(short.status).toBe(400);
    expect(fieldErrorOf(await short.text(), 'text')).toBe('Вопрос слишком короткий: не менее 10 символов');

    const question = 'Засчитывается ли урок, проведённый в другом классе вместо заболевшего коллеги?';
    const sent = await submitIntent(browser, '/lk/week', 'question', { text: question });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe('/lk/week#tender');
    const html = await (await browser.request('/lk/week')).text();
    expect(text(html)).toContain('Вопрос отправлен организаторам');
    expect(text(html)).toContain(question);
    expect(readForms(html).some((form) => form.fields.intent === 'question')).toBe(false);
  });

  it('is not offered to the portal’s staff', async () => {
    const browser = await signedIn(DEMO_USERS.admin);
    const html = await (await browser.request('/lk/week')).text();
    expect(text(html)).toContain('Вопросы по конкурсу принимаются от учителей и участников');
    expect(readForms(html).some((form) => form.fields.intent === 'question')).toBe(false);
  });
});

describe('upstream failures', () => {
  // A portal of its own: the shared read cache of the other one already holds the lists.
  let fresh: Portal;
  beforeAll(async () => {
    fresh = await startPortal({ upstreamUrl: servers.upstream.url });
  });
  afterAll(() => fresh?.close());

  it('shows the error page of the failed read on /, /week, /lk and /lk/week', async () => {
    // /week first: the front page reads the week's programme too, and a read that succeeded there is cached.
    await servers.upstream.fault({ path: '/rest/week/list', status: 503 });
    expect((await fresh.client().request('/week')).status).toBe(503);
    await servers.upstream.clearFaults();

    await servers.upstream.fault({ path: '/rest/banners/list/', status: 404 });
    expect((await fresh.client().request('/')).status).toBe(404);
    await servers.upstream.clearFaults();

    // Set before signing in: the sign-in lands on /lk, and a read that succeeded there would be cached.
    await servers.upstream.fault({ path: '/rest/teachers/my/participantOfflineCertificate/', status: 500 });
    const browser = fresh.client();
    await browser.login(DEMO_USERS.participant.email, DEMO_USERS.participant.password);
    const home = await browser.request('/lk');
    expect(home.status).toBe(500);
    expect(headingOf(await home.text())).toBe('Ошибка 500');
    await servers.upstream.clearFaults();

    await servers.upstream.fault({ path: '/rest/tender/question/sendcheck', status: 500 });
    expect((await browser.request('/lk/week')).status).toBe(500);
  });
});
