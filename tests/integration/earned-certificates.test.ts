import { describe, expect, it } from 'vitest';
import { listQuestions } from '../../upstream/db/testing-questions';
import { pdfText } from '../../upstream/testing';
import { seconds } from '#shared/time';
import { Client, pageText, readForms } from './harness';
import { headingOf } from './page';
import { useServers } from './servers';

/**
 * Certificates for what teachers do on the portal (ADR 238), without JavaScript: a master class watched past 80 %
 * of its recording, counted by the upstream at most as fast as real time, and a test passed. Each is listed on
 * `/lk/certificates`, is the same PDF with its QR address, and is found by the public check by number and surname.
 */

const PORTAL = 'https://portal.example.ru';
let offset = 0;
const servers = useServers({ upstream: { portalOrigin: PORTAL, now: () => Date.now() + offset } });

/** A past master class with the 24-second demo recording: 20 s must be counted. */
const WEBINAR = '/lk/master-classes/4';
/** «Основы права»: 10 questions, a pass mark of 70 %. */
const LAW = '/lk/testing/1';

async function newTeacher(name: string) {
  const email = `${name}-${Date.now()}@example.org`;
  await servers.upstream.register({ email, password: 'first-password-1' });
  const client = servers.portal.client();
  await client.login(email, 'first-password-1');
  return client;
}

const textOf = async (client: Client, path: string) => pageText(await (await client.request(path)).text());

const report = async (client: Client, positionSeconds: number) => {
  const response = await client.request(`${WEBINAR}/progress`, {
    form: { positionSeconds: `${positionSeconds}`, watchedSeconds: `${positionSeconds}` },
  });
  expect(response.status).toBe(204);
};

/** The certificate's number from `/lk/certificates`, of the item whose kind is `kind`. */
async function listedNumber(client: Client, kind: string): Promise<string | undefined> {
  const text = await textOf(client, '/lk/certificates');
  return new RegExp(`${kind} № ([^,]+),`).exec(text)?.[1];
}

/** Takes «Основы права» through its pages: every single-choice and short answer right (8 of 10), or nothing. */
async function takeLaw(client: Client, right: boolean): Promise<string> {
  const started = await client.request(LAW, { form: {} });
  expect(started.status).toBe(303);
  const questions = new Map(listQuestions(servers.upstream.db, 1).map((question) => [question.id, question]));
  for (let n = 1; n <= questions.size; n++) {
    const page = `${LAW}/questions/${n}`;
    const form = readForms(await (await client.request(page)).text()).find((f) => f.action?.startsWith(LAW))!;
    const question = questions.get(Number(form.fields.questionId))!;
    const answer: Record<string, string> =
      !right || question.kind === 'multiple'
        ? {}
        : question.kind === 'text'
          ? { text: question.rightTexts[0]! }
          : { optionIds: `${question.rightOptionIds[0]}` };
    const intent = n < questions.size ? `go-${n + 1}` : 'finish';
    const saved = await client.request(form.action ?? page, { form: { ...form.fields, ...answer, intent } });
    expect(saved.status).toBe(303);
  }
  const summary = `${LAW}/summary`;
  const form = readForms(await (await client.request(summary)).text()).find((f) => f.action === summary)!;
  const sent = await client.request(summary, { form: form.fields });
  expect(sent.status).toBe(303);
  return sent.headers.get('Location')!;
}

async function publicCheck(number: string, lastName: string) {
  const response = await servers.portal.client().request(`/certificates?${new URLSearchParams({ number, lastName })}`);
  return { status: response.status, text: pageText(await response.text()) };
}

describe('a master class watched (ADR 238)', () => {
  it('gives no certificate below 80 % counted, nor for a report claiming the end, and one past it', async () => {
    const teacher = await newTeacher('watched');
    // The first report counts nothing: the player says where playback starts, then 15 s later.
    await report(teacher, 15);
    expect(await textOf(teacher, WEBINAR)).toContain(
      'Осталось посмотреть 20 с записи, чтобы получить сертификат о просмотре.',
    );
    await report(teacher, 0);
    offset += seconds(15);
    await report(teacher, 15);
    expect(await textOf(teacher, WEBINAR)).toContain(
      'Осталось посмотреть 5 с записи, чтобы получить сертификат о просмотре.',
    );
    // The end claimed at once: the upstream counts only the real time that passed, less than a second.
    await report(teacher, 24);
    expect(await textOf(teacher, WEBINAR)).toMatch(/Осталось посмотреть [45] с записи/);
    expect(await listedNumber(teacher, 'Сертификат о просмотре мастер-класса')).toBeUndefined();
    expect((await teacher.request(`${WEBINAR}/certificate.pdf`)).status).toBe(404);

    // Played from the start again, 15 s later by the upstream's clock: that counts.
    offset += seconds(10);
    await report(teacher, 0);
    offset += seconds(15);
    await report(teacher, 15);
    const page = await (await teacher.request(WEBINAR)).text();
    expect(pageText(page)).toMatch(/Сертификат о просмотре получен Скачать сертификат \(PDF, [\d,]+ КБ\)/);
    expect(page).toContain(`href="${WEBINAR}/certificate.pdf" download`);
    expect(page).not.toContain('/files/');

    const number = await listedNumber(teacher, 'Сертификат о просмотре мастер-класса');
    expect(number).toMatch(/^МК-\d{4}-\d{6}$/);
    const list = await (await teacher.request('/lk/certificates')).text();
    expect(list).toContain(`href="${WEBINAR}/certificate.pdf" download`);
    expect(pageText(list)).toContain('Медиаграмотность: учим проверять новости');

    const pdf = await teacher.request(`${WEBINAR}/certificate.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(decodeURIComponent(pdf.headers.get('Content-Disposition')!)).toContain(
      `Сертификат о просмотре ${number}.pdf`,
    );
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('СЕРТИФИКАТ');
    expect(text).toContain(`№ ${number}`);
    expect(text).toContain('Кузнецова Ольга');
    expect(text).toContain('просмотрел(а) мастер-класс «Медиаграмотность: учим проверять новости»');
    expect(text).toContain('Просмотрено не менее 80 % записи мастер-класса от');
    const address = /https:\/\/portal\.example\.ru(\/certificates\/[A-Za-z0-9_-]{22})/.exec(text)![1]!;

    const byCode = pageText(await (await servers.portal.client().request(address)).text());
    expect(byCode).toContain('Сертификат подлинный');
    expect(byCode).toContain('Ольга К.');
    expect(byCode).toContain('Медиаграмотность: учим проверять новости');
    const byNumber = await publicCheck(number!.toLowerCase(), 'кузнецова');
    expect(byNumber.status).toBe(200);
    expect(byNumber.text).toContain('Сертификат подлинный');
    expect(byNumber.text).toContain(number);
    expect(byNumber.text).not.toContain('Кузнецова');
    expect((await publicCheck(number!, 'Иванова')).status).toBe(404);
  });
});

describe('a test passed (ADR 238)', () => {
  it('gives none for a failed attempt and says what was lacking; a passed one gives the certificate', async () => {
    const teacher = await newTeacher('tested');
    const failed = await takeLaw(teacher, false);
    const failedPage = await textOf(teacher, failed);
    expect(failedPage).toContain('Тест не пройден');
    expect(failedPage).toContain('Сертификат выдаётся за пройденный тест: до зачёта не хватило 7 правильных ответов.');
    expect(await listedNumber(teacher, 'Сертификат о прохождении теста')).toBeUndefined();
    expect((await teacher.request(`${LAW}/certificate.pdf`)).status).toBe(404);

    const passed = await takeLaw(teacher, true);
    const html = await (await teacher.request(passed)).text();
    expect(headingOf(html)).toBe('Результат: Основы права');
    expect(pageText(html)).toContain('Тест пройден');
    expect(pageText(html)).toMatch(/Сертификат о прохождении теста получен Скачать сертификат \(PDF, [\d,]+ КБ\)/);
    expect(html).toContain(`href="${LAW}/certificate.pdf" download`);
    // The failed attempt's page now offers the certificate the test earned.
    expect(await textOf(teacher, failed)).toContain('Сертификат о прохождении теста получен');

    const number = await listedNumber(teacher, 'Сертификат о прохождении теста');
    expect(number).toMatch(/^Т-\d{4}-\d{6}$/);
    const pdf = await teacher.request(`${LAW}/certificate.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`№ ${number}`);
    expect(text).toContain('Кузнецова Ольга');
    expect(text).toContain('успешно прошёл(ла) тест «Основы права»');
    expect(text).toContain('Результат: 8 из 10 правильных ответов (80 %) при проходном балле 70 %');
    expect(text).toContain('Проверить подлинность:');

    const byNumber = await publicCheck(number!, 'Кузнецова');
    expect(byNumber.status).toBe(200);
    expect(byNumber.text).toContain('Сертификат подлинный');
    expect(byNumber.text).toContain('Основы права');
    expect(byNumber.text).toContain('Ольга К.');
  });
});
