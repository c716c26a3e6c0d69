import { describe, expect, it } from 'vitest';
import { pdfText } from '../../upstream/testing';
import { DEMO_USERS, pageText, startPortal } from './harness';
import { headingOf } from './page';
import { useServers } from './servers';

/** `/lk/certificates` and the public check of a certificate's code (ADR 238), without JavaScript. */

const PORTAL = 'https://portal.example.ru';
const servers = useServers({ upstream: { portalOrigin: PORTAL } });

async function teacher() {
  const browser = servers.portal.client();
  await browser.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
  return browser;
}

/** The verification address printed on a PDF. */
async function addressOn(pdf: Response): Promise<string> {
  const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  expect(text).toContain('Проверить подлинность:');
  return /https:\/\/portal\.example\.ru\/certificates\/[A-Za-z0-9_-]{22}/.exec(text)![0];
}

describe('/lk/certificates', () => {
  it('lists the offline certificate, each checked dictation’s, the master class watched and the test passed, each a download', async () => {
    const browser = await teacher();
    const html = await (await browser.request('/lk/certificates')).text();
    expect(headingOf(html)).toBe('Сертификаты');
    const text = pageText(html);
    expect(text).toContain('Сертификат об очном участии');
    expect(text).toContain('№ ОУ-0417');
    expect(text.match(/Сертификат участника диктанта/g)).toHaveLength(2);
    const links = [...html.matchAll(/<a class="button" href="([^"]+)" download/g)].map((m) => m[1]);
    expect(links).toEqual([
      '/lk/certificate.pdf',
      '/lk/dictations/2/certificate.pdf',
      '/lk/dictations/1/certificate.pdf',
      // Seeded: the demo teacher watched master class 18 through and passed test 3.
      '/lk/master-classes/18/certificate.pdf',
      '/lk/testing/3/certificate.pdf',
    ]);
    expect(text).toContain('Сертификат о просмотре мастер-класса');
    expect(text).toContain('Сертификат о прохождении теста');
    for (const link of links) {
      const pdf = await browser.request(link!);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
      await pdf.arrayBuffer();
    }
    expect(html).not.toContain('/files/');
  });

  it('says so when there are none', async () => {
    const email = `certificates-none-${Date.now()}@example.org`;
    await servers.upstream.register({ email, password: 'first-password-1' });
    const browser = servers.portal.client();
    await browser.login(email, 'first-password-1');
    expect(pageText(await (await browser.request('/lk/certificates')).text())).toContain('Сертификатов у вас пока нет');
  });
});

describe('the grade on a participation certificate (ADR 238)', () => {
  it('leaves a failing grade off unless the participant downloads the variant with it, by a plain link', async () => {
    const browser = servers.portal.client();
    await browser.login(DEMO_USERS.participant.email, DEMO_USERS.participant.password);
    const html = await (await browser.request('/lk/dictations/3')).text();
    const text = pageText(html);
    expect(text).toContain('Оценка «2» в сертификате не указана');
    expect(html).toContain('href="/lk/dictations/3/certificate.pdf" download');
    expect(html).toContain('href="/lk/dictations/3/certificate.pdf?grade=1" download');
    expect(text).toMatch(/Скачать сертификат с оценкой \(PDF, [\d,]+ КБ\)/);

    const plain = await browser.request('/lk/dictations/3/certificate.pdf');
    const plainText = await pdfText(new Uint8Array(await plain.arrayBuffer()));
    expect(plainText).not.toMatch(/оценка|ошибк/);
    const graded = await browser.request('/lk/dictations/3/certificate.pdf?grade=1');
    expect(graded.status).toBe(200);
    expect(decodeURIComponent(graded.headers.get('Content-Disposition')!)).toContain('с оценкой.pdf');
    expect(await pdfText(new Uint8Array(await graded.arrayBuffer()))).toMatch(/Результат: оценка «2», \d+ ошибок/);

    // A passing grade is on the certificate anyway: no choice offered, and no such variant.
    const teacherBrowser = await teacher();
    const passing = await (await teacherBrowser.request('/lk/dictations/2')).text();
    expect(passing).not.toContain('?grade=1');
    expect((await teacherBrowser.request('/lk/dictations/2/certificate.pdf?grade=1')).status).toBe(404);
  });
});

describe('/certificates/{code}', () => {
  it('prints one lasting address on each certificate, which says «подлинный» to anyone with a masked name', async () => {
    const browser = await teacher();
    const offline = await addressOn(await browser.request('/lk/certificate.pdf'));
    expect(await addressOn(await browser.request('/lk/certificate.pdf'))).toBe(offline);
    const dictation = await addressOn(await browser.request('/lk/dictations/2/certificate.pdf'));
    expect(dictation).not.toBe(offline);

    const stranger = servers.portal.client();
    const page = await stranger.request(new URL(offline).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toContain('no-store');
    const html = await page.text();
    expect(headingOf(html)).toBe('Проверка сертификата');
    const text = pageText(html);
    expect(text).toContain('Сертификат подлинный');
    expect(text).toContain('Анна И.');
    expect(text).toContain('ОУ-0417');
    expect(text).not.toContain('Иванова');
    expect(text).not.toContain('Сергеевна');
    expect(text).not.toContain(DEMO_USERS.teacher.email);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');

    const checked = pageText(await (await stranger.request(new URL(dictation).pathname)).text());
    expect(checked).toContain('Осенний диктант «Лесная тропа»');
    expect(checked).toContain('Анна И.');
    expect(checked).not.toMatch(/оценка|ошибк/);
  });

  it('says «Сертификат не найден» with a 404 for a code nobody was given and for one of the wrong shape, the latter without asking the upstream', async () => {
    const stranger = servers.portal.client();
    const unknown = await stranger.request(`/certificates/${'A'.repeat(22)}`);
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(headingOf(html)).toBe('Сертификат не найден');
    expect(pageText(html)).toContain('Проверить по номеру');
    expect(html).toContain('action="/certificates"');
    await servers.upstream.resetStats();
    for (const code of ['short', `${'A'.repeat(21)}!`, 'A'.repeat(300), 'ж'.repeat(22)]) {
      const response = await stranger.request(`/certificates/${encodeURIComponent(code)}`);
      expect(response.status).toBe(404);
      expect(headingOf(await response.text())).toBe('Сертификат не найден');
    }
    expect((await servers.upstream.stats()).verifyCertificate).toBe(0);
  });

  it('is rate limited per address like a wrong password: codes nobody was given count, genuine ones do not (ADR 216)', async () => {
    const limited = await startPortal({ upstreamUrl: servers.upstream.url, env: { AUTH_RATE_LIMIT_PER_ADDRESS: '3' } });
    try {
      const teacherBrowser = limited.client();
      await teacherBrowser.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
      const genuine = new URL(await addressOn(await teacherBrowser.request('/lk/certificate.pdf'))).pathname;
      const stranger = limited.client();
      // A school checking a whole class's certificates spends nothing.
      for (let i = 0; i < 10; i++) expect((await stranger.request(genuine)).status).toBe(200);
      // Three codes nobody was given, and one more a minute after that.
      for (let i = 0; i < 4; i++) expect((await stranger.request(`/certificates/${'B'.repeat(22)}`)).status).toBe(404);
      await servers.upstream.resetStats();
      const refused = await stranger.request(`/certificates/${'C'.repeat(22)}`);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('Retry-After'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(pageText(await refused.text())).toMatch(
        /Слишком много попыток\. Повторите через (\d+ секунд[уы]?|1 минуту)\./,
      );
      expect((await servers.upstream.stats()).verifyCertificate).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('/certificates: the check by number (ADR 238)', () => {
  const check = (client: ReturnType<typeof servers.portal.client>, query: Record<string, string>) =>
    client.request(`/certificates?${new URLSearchParams(query)}`);

  it('offers the form, a GET that works without JavaScript', async () => {
    const response = await servers.portal.client().request('/certificates');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toContain('no-store');
    const html = await response.text();
    expect(headingOf(html)).toBe('Проверка сертификата');
    expect(html).toMatch(/<form method="get" action="\/certificates"/);
    expect(html).toContain('name="number"');
    expect(html).toContain('name="lastName"');
  });

  it('finds a certificate by its number as typed and the holder’s surname, and shows what a code shows', async () => {
    const stranger = servers.portal.client();
    const offline = await check(stranger, { number: ' № оу–0417 ', lastName: 'иванова' });
    expect(offline.status).toBe(200);
    const text = pageText(await offline.text());
    expect(text).toContain('Сертификат подлинный');
    expect(text).toContain('ОУ-0417');
    expect(text).toContain('Анна И.');
    expect(text).not.toContain('Иванова');

    const browser = await teacher();
    const list = pageText(await (await browser.request('/lk/certificates')).text());
    const number = /№ (Д-\d{4}-000002)/.exec(list)![1]!;
    const dictation = pageText(await (await check(stranger, { number, lastName: 'Иванова' })).text());
    expect(dictation).toContain('Осенний диктант «Лесная тропа»');
    expect(dictation).not.toMatch(/оценка|ошибк/);
  });

  it('says «Сертификат не найден» with a 404 for an unknown number, or a surname not the holder’s', async () => {
    const stranger = servers.portal.client();
    for (const query of [
      { number: 'ОУ-9999', lastName: 'Иванова' },
      { number: 'ОУ-0417', lastName: 'Петрова' },
    ]) {
      const response = await check(stranger, query);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(headingOf(html)).toBe('Сертификат не найден');
      expect(pageText(html)).toContain('Сертификата с таким номером и фамилией нет.');
      // What was typed stays in the form, to be corrected.
      expect(html).toContain(`value="${query.number}"`);
    }
  });

  it('answers input that cannot be right with a Russian message at the field, never a 500, without asking the upstream', async () => {
    const stranger = servers.portal.client();
    await servers.upstream.resetStats();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ number: '', lastName: '' }, /Введите номер сертификата.*Введите фамилию/],
      [{ number: 'ОУ 0417 !', lastName: 'Иванова' }, /Номер состоит из букв и цифр через дефис/],
      [{ number: 'Д'.repeat(2_000), lastName: 'Иванова' }, /Номер слишком длинный/],
      [{ number: '\ud83d\ude42\u0000\u202e', lastName: 'Иванова' }, /Номер состоит из букв и цифр/],
      [{ number: 'ОУ-0417', lastName: '<script>' }, /Фамилия пишется буквами/],
      [{ number: 'ОУ-0417' }, /Введите фамилию/],
    ];
    for (const [query, message] of cases) {
      const response = await check(stranger, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      const html = await response.text();
      expect(pageText(html)).toMatch(message);
      expect(html).toContain('aria-invalid="true"');
    }
    // Odd bytes in the query itself.
    const odd = await stranger.request('/certificates?number=%ED%A0%80%FF&lastName=%00');
    expect(odd.status).toBe(400);
    expect((await servers.upstream.stats()).verifyCertificateByNumber ?? 0).toBe(0);
  });
});
