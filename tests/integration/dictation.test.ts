import { afterEach, describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText, readForms } from './harness';
import { dictationSteps } from './dictation-steps';
import { useServers } from './servers';
import { formAlertOf, headingOf, stackTraceIn, titleOf } from './page';

/** The dictation's screens (ADR 239) against the reference upstream on a clock the tests can move. */

const PRODUCT = 'Образовательный портал';
const clock = { offset: 0 };
const servers = useServers({ upstream: { now: () => Date.now() + clock.offset } });

afterEach(async () => {
  clock.offset = 0;
  await servers.upstream.clearFaults();
});

const { invite, signedIn, begin, registered } = dictationSteps(servers);

/** The writing form's fields as the page rendered them. */
/** The end of the time as the writing page says it without JavaScript: «Время на текст — до 10:37 мск». */
function endOf(html: string): string {
  return /Время на текст — до (\d{2}:\d{2}) мск/.exec(pageText(html))?.[1] ?? '(none)';
}

/** A moment as the portal writes Moscow time, «10:37». */
const moscowTime = (ms: number) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' }).format(ms);

async function writingForm(client: Client, code: string) {
  const response = await client.request(`/dictation/${code}`);
  const html = await response.text();
  return { status: response.status, html, fields: readForms(html).find((form) => 'text' in form.fields)?.fields };
}

describe('/dictation', () => {
  // First in the file: the events are a shared read, cached once it succeeds.
  it('shows the error page when the upstream fails, without a trace', async () => {
    await servers.upstream.fault({ path: '/rest/dictation/events/', status: 500 });
    const response = await servers.portal.client().request('/dictation');
    expect(response.status).toBe(500);
    expect(stackTraceIn(await response.text())).toBeNull();
  });

  it('explains the event being written today and the others with their states and Russian dates', async () => {
    const response = await servers.portal.client().request('/dictation');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Диктант');
    expect(titleOf(html)).toBe(`Диктант | ${PRODUCT}`);
    const text = pageText(html);
    expect(text).toMatch(
      /Ближайший диктант Всероссийский диктант Идёт написание Диктант идёт: присоединиться и написать его можно до \d{1,2} [а-я]+ \d{4} г\. в 00:00 мск/,
    );
    expect(text).toContain('Время на текст 60 минут');
    expect(text).toContain('Идёт регистрация');
    expect(text).toMatch(
      /Работы проверяются Приём текстов и регистрация завершены \d{1,2} [а-я]+ \d{4} г\. в 00:00 мск\. Результаты — \d{1,2} [а-я]+ \d{4} г\./,
    );
    expect(text).toContain('Анонс Регистрация откроется');
    expect(text).toMatch(/Итоги подведены Результаты опубликованы \d{1,2} [а-я]+ \d{4} г\./);
    expect(text).toContain('Текст: «Лесная тропа», автор — методический совет диктанта.');
    expect(text).toContain('Войти и перейти к диктантам');
  });
});

describe('/dictation/{code}', () => {
  it('starts nothing on a GET: the rules and «Начать диктант», whose POST starts the time', async () => {
    const { code } = await invite();
    const scanner = servers.portal.client();
    // A mail scanner opens the link, and again an hour and a half later: the time has not started.
    const preview = await scanner.request(`/dictation/${code}`);
    clock.offset = 90 * 60_000;
    const first = await writingForm(scanner, code);
    expect(preview.status).toBe(200);
    expect(first.fields).toBeUndefined();
    const text = pageText(first.html);
    expect(headingOf(first.html)).toBe('Всероссийский диктант');
    expect(text).toContain('Время пойдёт только после нажатия «Начать диктант».');
    expect(text).toContain('На текст — 60 минут с нажатия «Начать диктант».');
    expect(readForms(first.html).find((form) => form.fields.intent === 'start')).toBeDefined();

    const participant = servers.portal.client();
    await begin(participant, code);
    const writing = await writingForm(participant, code);
    expect(writing.fields).toMatchObject({ text: '', revision: '1' });
    // Without JavaScript the page says when the hour ends, not a time left that would stand still.
    const ends = endOf(writing.html);
    expect([60, 59].map((minutes) => moscowTime(Date.now() + clock.offset + minutes * 60_000))).toContain(ends);
    // Pressed again (a second device, a double click): the same time, not a new one.
    clock.offset += 10 * 60_000;
    await begin(participant, code);
    expect(endOf((await writingForm(participant, code)).html)).toBe(ends);
  });

  it('refuses «Начать диктант» without the origin check', async () => {
    const { code } = await invite();
    const response = await fetch(`${servers.portal.origin}/dictation/${code}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'intent=start',
    });
    expect(response.status).toBe(403);
    expect(pageText(await (await servers.portal.client().request(`/dictation/${code}`)).text())).toContain(
      'Начать диктант',
    );
  });

  it('opens a dictation, saves without JavaScript and keeps the text across a reload', async () => {
    const { code } = await invite();
    const guest = servers.portal.client();
    await begin(guest, code);
    const first = await writingForm(guest, code);
    expect(first.status).toBe(200);
    expect(headingOf(first.html)).toBe('Всероссийский диктант');
    expect(pageText(first.html)).toMatch(/Время на текст — до \d{2}:\d{2} мск/);
    expect(first.fields).toMatchObject({ text: '', revision: '1' });

    const saved = await guest.request(`/dictation/${code}`, {
      form: { ...first.fields, text: 'Весной в наш город возвращаются скворцы.', intent: 'save' },
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe(`/dictation/${code}?saved=1#dictation-status`);
    const again = await writingForm(guest, code);
    expect(again.fields).toMatchObject({ text: 'Весной в наш город возвращаются скворцы.', revision: '2' });
    expect(pageText(again.html)).toMatch(/Текст сохранён на сервере в \d{2}:\d{2} мск/);
    // The code is a capability: never written to the portal's log.
    expect(servers.portal.logLines.join('\n')).not.toContain(code);
  });

  it('two tabs sending the same revision: the second is never «saved», and the page offers both texts', async () => {
    const { code } = await invite();
    const guest = servers.portal.client();
    await begin(guest, code);
    // The phone and the laptop both loaded revision 0 and both send revision 1.
    const phone = await guest.request(`/dictation/${code}/text`, {
      form: { text: 'Весной в наш город', revision: '1' },
    });
    expect(await phone.json()).toMatchObject({ outcome: 'saved', revision: 1 });
    const laptop = await guest.request(`/dictation/${code}/text`, {
      form: { text: 'Весной в нашу школу', revision: '1' },
    });
    expect(laptop.status).toBe(409);
    expect(await laptop.json()).toMatchObject({ outcome: 'conflict', text: 'Весной в наш город', revision: 1 });

    // Without JavaScript: «Сохранить» at the same revision shows both texts and offers to keep this one.
    const form = await guest.request(`/dictation/${code}`, {
      form: { intent: 'save', text: 'Весной в нашу школу', revision: '1' },
    });
    expect(form.status).toBe(409);
    const html = await form.text();
    const text = pageText(html);
    expect(text).not.toContain('Текст сохранён на сервере');
    expect(text).toContain(
      'Текст из этого поля не сохранён: в другой вкладке или на другом устройстве сохранён другой.',
    );
    const fields = readForms(html).find((one) => 'text' in one.fields)?.fields;
    // This page's text stays in the field, under the server's revision plus one: «Сохранить» now keeps it.
    expect(fields).toMatchObject({ text: 'Весной в нашу школу', revision: '2' });
    expect(html).toContain('Весной в наш город</textarea>');
    const kept = await guest.request(`/dictation/${code}`, { form: { ...fields, intent: 'save' } });
    expect(kept.status).toBe(303);
    expect((await writingForm(guest, code)).fields).toMatchObject({ text: 'Весной в нашу школу', revision: '3' });

    // «Завершить диктант» with a text not kept hands in nothing.
    const finish = await guest.request(`/dictation/${code}`, {
      form: { intent: 'finish', confirmed: '1', text: 'Весной', revision: '2' },
    });
    expect(finish.status).toBe(409);
    expect((await writingForm(guest, code)).fields).toMatchObject({ text: 'Весной в нашу школу' });
  });

  it('saves by the autosave route in revision order: an older save arriving late changes nothing', async () => {
    const { code } = await invite();
    const guest = servers.portal.client();
    await begin(guest, code);
    const save = async (text: string, revision: number) => {
      const response = await guest.request(`/dictation/${code}/text`, { form: { text, revision: String(revision) } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await save('Весной в наш город', 3)).toMatchObject({ status: 200, body: { outcome: 'saved', revision: 3 } });
    // Not kept, so never «saved»: the answer carries the text the server holds.
    expect(await save('Весной', 2)).toEqual({
      status: 409,
      body: { outcome: 'conflict', text: 'Весной в наш город', revision: 3, savedAt: expect.any(String) },
    });
    expect((await writingForm(guest, code)).fields).toMatchObject({ text: 'Весной в наш город', revision: '4' });
    // Compressed as a browser asks, and whole all the same: the JSON answer goes through the one mechanism of
    // documents (bff/server/whole-on-the-wire.server.ts, ADR 226), so it left the instance in one write and a
    // save an instance never answered is sent to another by the balancer.
    const whole = await guest.request(`/dictation/${code}/text`, {
      form: { text: 'Весной в наш', revision: '4' },
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(whole.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await whole.json()).toMatchObject({ outcome: 'saved', revision: 4 });
    const tooLong = await save('а'.repeat(5_001), 4);
    expect(tooLong).toEqual({
      status: 400,
      body: { outcome: 'invalid', message: 'Текст слишком длинный: не более 5000 знаков' },
    });
  });

  it('refuses a text sent after the time limit and shows the last one saved in time', async () => {
    const { code } = await invite({ timeLimitSeconds: 60 });
    const guest = servers.portal.client();
    await begin(guest, code);
    const { fields } = await writingForm(guest, code);
    await guest.request(`/dictation/${code}/text`, { form: { text: 'Весной в наш город', revision: '1' } });
    clock.offset = 2 * 60_000;
    const late = await guest.request(`/dictation/${code}`, {
      form: { ...fields, text: 'Весной в наш город возвращаются скворцы.', revision: '2', intent: 'save' },
    });
    expect(late.status).toBe(409);
    const html = await late.text();
    expect(headingOf(html)).toBe('Всероссийский диктант');
    expect(pageText(html)).toContain('Время вышло: текст, отправленный после окончания, не принят.');
    expect(/<textarea[^>]*readOnly=""[^>]*>([^<]*)<\/textarea>/i.exec(html)?.[1]).toBe('Весной в наш город');
    const autosave = await guest.request(`/dictation/${code}/text`, { form: { text: 'поздно', revision: '3' } });
    expect(autosave.status).toBe(409);
    expect(await autosave.json()).toEqual({ outcome: 'late', text: 'Весной в наш город', savedAt: expect.any(String) });
  });

  it('finishes after a confirmation, then answers 410 for the used link', async () => {
    const { code } = await invite();
    const guest = servers.portal.client();
    await begin(guest, code);
    const { fields } = await writingForm(guest, code);
    const ask = await guest.request(`/dictation/${code}`, { form: { ...fields, text: 'Скворцы.', intent: 'finish' } });
    expect(ask.status).toBe(200);
    const confirm = readForms(await ask.text()).find((form) => form.fields.confirmed === '1')!;
    expect(confirm.fields).toMatchObject({ text: 'Скворцы.', confirmed: '1' });
    const done = await guest.request(`/dictation/${code}`, { form: { ...confirm.fields, intent: 'finish' } });
    expect(done.headers.get('Location')).toBe(`/dictation/${code}?saved=1#dictation-status`);
    const thanks = await guest.request(`/dictation/${code}?saved=1`);
    expect(thanks.status).toBe(200);
    expect(pageText(await thanks.text())).toContain('Спасибо! Диктант сдан, текст принят на проверку.');
    const used = await guest.request(`/dictation/${code}`);
    expect(used.status).toBe(410);
    const html = await used.text();
    expect(headingOf(html)).toBe('Диктант сдан');
    expect(pageText(html)).toContain('По этой ссылке диктант уже сдан, и текст больше не меняется.');
    const save = await guest.request(`/dictation/${code}/text`, { form: { text: 'ещё', revision: '9' } });
    expect(save.status).toBe(410);
  });

  it('mails the account a receipt once the dictation is submitted (issue 28)', async () => {
    const email = `dictation-receipt-${Date.now()}@example.org`;
    await servers.upstream.register({ email, password: 'receipt-password-1' });
    const { code } = await invite({ email });
    const participant = servers.portal.client();
    await begin(participant, code);
    const { fields } = await writingForm(participant, code);
    const text = 'Весной в наш город возвращаются скворцы.';
    const done = await participant.request(`/dictation/${code}`, {
      form: { ...fields, text, confirmed: '1', intent: 'finish' },
    });
    expect(done.status).toBe(303);
    const [mail, ...others] = await servers.upstream.mailBesidesConfirmation(email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Диктант сдан: Всероссийский диктант');
    expect(mail!.body).toMatch(
      /^Ваш диктант «Всероссийский диктант» получен \d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2} мск\./,
    );
    expect(mail!.body).toContain('Принято: 40 знаков, 6 слов.');
    expect(mail!.body).toMatch(/Результаты — \d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2} мск: оценка, ошибки и сертификат/);
  });

  it('answers an unknown or malformed code with 404 and an expired one with 410, each in Russian', async () => {
    const guest = servers.portal.client();
    for (const code of ['x'.repeat(43), 'abc', `${'x'.repeat(42)}!`]) {
      const response = await guest.request(`/dictation/${code}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(headingOf(html)).toBe('Ссылка не найдена');
      expect(stackTraceIn(html)).toBeNull();
    }
    const { code } = await invite();
    clock.offset = 5 * 24 * 3_600_000;
    const expired = await guest.request(`/dictation/${code}`);
    expect(expired.status).toBe(410);
    expect(headingOf(await expired.text())).toBe('Срок действия ссылки истёк');
  });

  it('shows the error page when the upstream fails, and a save that fails keeps the text in the form', async () => {
    const { code } = await invite();
    const guest = servers.portal.client();
    await begin(guest, code);
    const { fields } = await writingForm(guest, code);
    await servers.upstream.fault({ path: '/rest/dictation/text/', status: 503 });
    const failed = await guest.request(`/dictation/${code}`, {
      form: { ...fields, text: 'Текст, который нельзя потерять', intent: 'save' },
    });
    expect(failed.status).toBe(503);
    const html = await failed.text();
    expect(formAlertOf(html)).toContain('Не удалось сохранить');
    expect(readForms(html).find((form) => 'text' in form.fields)?.fields.text).toBe('Текст, который нельзя потерять');
    await servers.upstream.fault({ path: '/rest/dictation/open/', status: 500 });
    const page = await guest.request(`/dictation/${code}`);
    expect(page.status).toBe(500);
  });
});

describe('/lk/dictations', () => {
  it('after the start, /lk and /lk/dictations name the participant’s own end time, not the event’s close', async () => {
    const email = `own-deadline-${Date.now()}@example.org`;
    const browser = await registered(
      { firstName: 'Ольга', email, phone: '+7 900 555-01-45', password: 'own-deadline-password' },
      '/lk',
    );
    const { code } = await invite({ email, timeLimitSeconds: 30 * 60 });
    const startedAt = Date.now() + clock.offset;
    await begin(browser, code);
    // Thirty minutes from the start, to the minute the upstream's clock started it on.
    const ends = [30, 31].map((minutes) => moscowTime(startedAt + minutes * 60_000));
    for (const page of ['/lk/dictations', '/lk']) {
      const text = pageText(await (await browser.request(page)).text());
      const said = /вернуться к тексту можно до .*?(\d{2}:\d{2}) мск — тогда закончится ваше время/.exec(text);
      expect(said, `${page}: ${text}`).not.toBeNull();
      expect(ends, page).toContain(said![1]);
      expect(text, page).not.toContain('пока не вышло время');
    }
  });

  it('lists the teacher’s dictations with status and score, and «Начать диктант» opens today’s', async () => {
    const teacher = await signedIn();
    const response = await teacher.request('/lk/dictations');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Диктанты');
    const text = pageText(html);
    expect(text).toContain('Весенний диктант школьных команд Приглашение Вы зарегистрированы. Диктант откроется');
    expect(text).toContain('Осенний диктант «Лесная тропа» Проверен Оценка «3»: 3 ошибки.');
    expect(text).toContain('Зимний диктант «Деревня в снегу» Проверен Оценка «4»: 1 ошибка.');
    expect(text).toMatch(
      /Диктант для учителей «Родная речь» Сдан, на проверке Сдан \d{1,2} [а-я]+ \d{4} г\. в 10:40 мск\. Результаты —/,
    );
    const start = await teacher.submit('/lk/dictations', {}, { action: '/lk/dictations' });
    expect(start.status).toBe(303);
    const location = start.headers.get('Location')!;
    expect(location).toMatch(/^\/dictation\/[\w-]{43}$/);
    // The press opens the link, not the time: a sound check and «Готовы?» come first.
    const ready = await (await teacher.request(location)).text();
    expect(headingOf(ready)).toBe('Всероссийский диктант');
    expect(pageText(ready)).toContain('Проверьте звук');
    expect(pageText(ready)).toContain(
      'Готовы? На текст — 60 минут. Время пойдёт только после нажатия «Начать диктант».',
    );
    expect(ready).toContain(
      `<audio class="dictation-start__sound" controls="" preload="metadata" src="${location}/sound-check"`,
    );
    expect(ready).not.toContain('<textarea');
    expect(pageText(await (await teacher.request('/lk/dictations')).text())).not.toContain('Продолжить диктант');
    // The sound check is a few seconds of voice, streamed through the portal with Range.
    const sound = await teacher.request(`${location}/sound-check`, { headers: { Range: 'bytes=0-3' } });
    expect(sound.status).toBe(206);
    expect(sound.headers.get('Content-Type')).toBe('audio/ogg');
    expect(await sound.text()).toBe('OggS');

    const started = await teacher.request(location, { form: { intent: 'start' } });
    expect(started.status).toBe(303);
    expect(await (await teacher.request(location)).text()).toContain('<textarea');
    const resumed = pageText(await (await teacher.request('/lk/dictations')).text());
    expect(resumed).toContain('Продолжить диктант');
    // Someone who has started takes no step more: «Продолжить диктант» opens the writing.
    const again = await teacher.submit('/lk/dictations', {}, { action: '/lk/dictations' });
    const writing = await (await teacher.request(again.headers.get('Location')!)).text();
    expect(writing).toContain('<textarea');
    expect(pageText(writing)).not.toContain('Проверьте звук');
  });

  it('refuses a dictation that cannot be written any more, by the form, in Russian', async () => {
    const teacher = await signedIn();
    const response = await teacher.request('/lk/dictations', { form: { id: '2' } });
    expect(response.status).toBe(400);
    expect(pageText(await response.text())).toContain('Этот диктант уже нельзя написать.');
  });

  it('shows the error page when the upstream fails', async () => {
    const teacher = await signedIn();
    await servers.upstream.fault({ path: '/rest/dictation/my/list/', status: 500 });
    const response = await teacher.request('/lk/dictations');
    expect(response.status).toBe(500);
    expect(stackTraceIn(await response.text())).toBeNull();
  });
});

describe('/lk/dictations/{id}', () => {
  it('shows the checked text with each error marked and a text alternative for it', async () => {
    const teacher = await signedIn();
    const response = await teacher.request('/lk/dictations/2');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Осенний диктант «Лесная тропа»');
    // The text's credit names this event's text, as its title does (issue 45).
    expect(pageText(html)).toContain('Текст диктанта: «Лесная тропа», автор — методический совет диктанта.');
    expect(html.replace(/<!-- -->/g, '')).toMatch(
      /<mark class="review-error"><span class="visually-hidden">Ошибка: написано <\/span><del>заросшый<\/del><span class="visually-hidden">, правильно <\/span><ins>заросший<\/ins><\/mark>/,
    );
    expect(pageText(html)).toContain('Пропущено: ,');
    expect(pageText(html)).toMatch(/Скачать сертификат \(PDF, \d+(,\d)? КБ\)/);
  });

  it('streams the certificate as a PDF under its Russian name', async () => {
    const teacher = await signedIn();
    const response = await teacher.request('/lk/dictations/2/certificate.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    const disposition = decodeURIComponent(response.headers.get('Content-Disposition') ?? '');
    expect(disposition).toMatch(/^attachment; .*filename\*=UTF-8''Сертификат участника Д-\d{4}-000002\.pdf$/);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('answers 404 for another user’s dictation, an unknown one, and a certificate not issued yet', async () => {
    const participant = await signedIn(DEMO_USERS.participant);
    for (const path of ['/lk/dictations/2', '/lk/dictations/999', '/lk/dictations/2/certificate.pdf']) {
      expect((await participant.request(path)).status, path).toBe(404);
    }
    const teacher = await signedIn();
    expect((await teacher.request('/lk/dictations/4/certificate.pdf')).status).toBe(404);
  });

  it('shows the error page when the upstream fails', async () => {
    const teacher = await signedIn();
    await servers.upstream.fault({ path: '/rest/dictation/my/by/id/', status: 500 });
    expect((await teacher.request('/lk/dictations/2')).status).toBe(500);
  });
});

describe('registering for a dictation (ADR 239)', () => {
  const SPRING = 'Весенний диктант школьных команд';

  it('sends a signed-out visitor through sign-in and back, then registers and mails the personal link', async () => {
    const guest = servers.portal.client();
    const page = pageText(await (await guest.request('/dictation')).text());
    expect(page).toContain('Чтобы зарегистрироваться, войдите или создайте учётную запись');
    const posted = await guest.request('/dictation', { form: { intent: 'register', eventId: '4' } });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('Location')).toBe('/login?redirectTo=%2Fdictation');
    const { url } = await guest.login(DEMO_USERS.participant.email, DEMO_USERS.participant.password, '/dictation');
    expect(new URL(url).pathname).toBe('/dictation');

    const done = await guest.submit('/dictation', {}, { action: '/dictation' });
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/dictation');
    const after = pageText(await (await guest.request('/dictation')).text());
    expect(after).toContain(`${SPRING} Идёт регистрация`);
    expect(after).toContain('Вы зарегистрированы. Личная ссылка на диктант — в письме о регистрации');

    const [mail] = await servers.upstream.outbox(DEMO_USERS.participant.email);
    expect(mail!.subject).toBe(`Ваша ссылка на диктант: ${SPRING}`);
    const link = new RegExp(`${servers.portal.origin}(/dictation/[\\w-]{43})`).exec(mail!.body)?.[1];
    expect(link).toBeDefined();
    const opened = await guest.request(link!);
    expect(opened.status).toBe(200);
    expect(pageText(await opened.text())).toContain('Диктант ещё не начался.');
    const cabinet = pageText(await (await guest.request('/lk/dictations')).text());
    expect(cabinet).toContain(`${SPRING} Приглашение Вы зарегистрированы. Диктант откроется`);
    expect(cabinet).not.toContain('Можно принять участие');
  });

  it('registers from the cabinet, and says in Russian why not before or after the period', async () => {
    const teacher = await signedIn();
    // The demo teacher is registered for the spring dictation already: nothing is open for them.
    expect(pageText(await (await teacher.request('/lk/dictations')).text())).not.toContain('Можно принять участие');
    const early = await teacher.request('/lk/dictations', { form: { intent: 'register', eventId: '5' } });
    expect(early.status).toBe(400);
    expect(pageText(await early.text())).toMatch(/Регистрация откроется \d{1,2} [а-я]+ \d{4} г\. в 00:00 мск\./);
    const late = await teacher.request('/dictation', { form: { intent: 'register', eventId: '6' } });
    expect(late.status).toBe(400);
    expect(pageText(await late.text())).toMatch(/Регистрация закрылась \d{1,2} [а-я]+ \d{4} г\. в 00:00 мск\./);
  });

  it('offers the cabinet’s form to a new user and keeps the registration after it', async () => {
    const email = 'dictation.newcomer@example.org';
    const browser = await registered(
      { firstName: 'Мария', email, phone: '+7 (912) 000-11-22', password: 'dictation-newcomer-1' },
      '/lk/dictations',
    );
    const list = pageText(await (await browser.request('/lk/dictations')).text());
    expect(list).toContain(`Можно принять участие ${SPRING} Идёт регистрация Регистрация открыта до`);
    const done = await browser.submit('/lk/dictations', {}, { action: '/lk/dictations' });
    expect(done.headers.get('Location')).toBe('/lk/dictations');
    const after = pageText(await (await browser.request('/lk/dictations')).text());
    expect(after).toContain(`${SPRING} Приглашение Вы зарегистрированы.`);
    expect(await servers.upstream.mailBesidesConfirmation(email)).toHaveLength(1);
  });

  it('lets a newcomer join the dictation being written in one POST, without JavaScript (ADR 239)', async () => {
    const email = 'dictation.joiner@example.org';
    const browser = await registered(
      { firstName: 'Анна', email, phone: '+7 (912) 000-11-33', password: 'dictation-joiner-1' },
      '/dictation',
    );
    const page = pageText(await (await browser.request('/dictation')).text());
    expect(page).toContain('Присоединиться можно и сейчас. На текст — 60 минут с нажатия «Начать диктант»');
    expect(page).not.toContain('Зарегистрируйтесь, пока идёт регистрация');
    // Reading the page changed nothing: no dictation and no mail yet.
    expect(await servers.upstream.mailBesidesConfirmation(email)).toHaveLength(0);
    const joined = await browser.request('/dictation', { form: { intent: 'join', eventId: '3' } });
    expect(joined.status).toBe(303);
    const link = joined.headers.get('Location')!;
    expect(link).toMatch(/^\/dictation\/[\w-]{43}$/);
    // The link opens at the sound check and «Готовы?»; its «Начать диктант» starts the time.
    const ready = await browser.request(link);
    expect(ready.status).toBe(200);
    expect(pageText(await ready.text())).toContain('Готовы? На текст — 60 минут.');
    await begin(browser, link.slice('/dictation/'.length));
    expect(pageText(await (await browser.request(link)).text())).toMatch(/Время на текст — до \d{2}:\d{2} мск/);
    const [mail] = await servers.upstream.mailBesidesConfirmation(email);
    expect(mail!.subject).toBe('Ваша ссылка на диктант: Всероссийский диктант');
    // Pressed again (another tab): the same dictation continues, nothing mailed twice.
    const again = await browser.request('/dictation', { form: { intent: 'join', eventId: '3' } });
    expect(again.status).toBe(303);
    expect(await servers.upstream.mailBesidesConfirmation(email)).toHaveLength(1);
    const cabinet = pageText(await (await browser.request('/lk')).text());
    expect(cabinet).toMatch(/^.*Личный кабинет .*Идёт диктант Всероссийский диктант Вы начали диктант/);
    // Outside the period the upstream's reason is shown at the form's place.
    const closed = await browser.request('/lk/dictations', { form: { intent: 'join', eventId: '6' } });
    expect(closed.status).toBe(400);
    expect(pageText(await closed.text())).toMatch(/Регистрация закрылась \d{1,2} [а-я]+ \d{4} г\. в 00:00 мск\./);
  });

  it('answers odd event ids by the form, never a 5xx, and asks nothing of the upstream for them', async () => {
    const teacher = await signedIn();
    for (const eventId of ['', '0', '-1', '1.5', 'abc', '1e400', '9'.repeat(300), '2147483648']) {
      for (const page of ['/dictation', '/lk/dictations']) {
        const response = await teacher.request(page, { form: { intent: 'register', eventId } });
        expect(response.status).toBe(400);
        expect(pageText(await response.text())).toContain('Выберите диктант');
      }
    }
    const unknown = await teacher.request('/dictation', { form: { intent: 'register', eventId: '999' } });
    expect(unknown.status).toBe(400);
    expect(pageText(await unknown.text())).toContain('Диктант не найден');
  });

  it('announces published results on the cabinet’s home and atop the list', async () => {
    const teacher = await signedIn();
    const notice = 'Опубликованы результаты диктанта «Осенний диктант „Лесная тропа“»: оценка «3», 3 ошибки.';
    expect(pageText(await (await teacher.request('/lk')).text())).toContain(`${notice} Посмотреть оценку и сертификат`);
    expect(pageText(await (await teacher.request('/lk/dictations')).text())).toContain(notice);
    // A result a year old is in the list, not in the news.
    expect(pageText(await (await teacher.request('/lk')).text())).not.toContain('Деревня в снегу');
  });
});
