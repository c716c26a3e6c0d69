import { afterEach, describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText } from './harness';
import { useServers } from './servers';
import { headingOf, stackTraceIn, titleOf } from './page';

/** `/lk/master-classes` and `/lk/master-classes/{id}` against the reference upstream, and its failures. */

const PRODUCT = 'Образовательный портал';
/** Seeded: master class 1 is the oldest recording, 40 the last upcoming one; the teacher has watched 18 and 20. */
const PAST = 1;
const UPCOMING = 40;

const servers = useServers();

afterEach(() => servers.upstream.clearFaults());

let registered = 0;

/** Somebody who has not opened anything yet, so no read of theirs is cached. */
async function newcomer() {
  registered += 1;
  const user = { email: `webinar-newcomer-${registered}@example.org`, password: 'newcomer-password' };
  await servers.upstream.register(user);
  // Not through the cabinet home, which reads (and caches) the master classes list.
  return signedIn(user, '/profile');
}

async function signedIn(user: { email: string; password: string } = DEMO_USERS.teacher, landing?: string) {
  const client = new Client(servers.portal.origin);
  await client.login(user.email, user.password, landing);
  return client;
}

function beacon(client: Client, id: number, fields: Record<string, string>, site: 'same-origin' | 'cross-site') {
  // What Chromium's navigator.sendBeacon(url, URLSearchParams) sends.
  return client.request(`/lk/master-classes/${id}/progress`, {
    form: fields,
    site,
    headers: { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty', Origin: servers.portal.origin },
  });
}

describe('the list', () => {
  it('shows upcoming and past master classes with Moscow dates, plural participants and progress', async () => {
    const teacher = await signedIn();
    const response = await teacher.request('/lk/master-classes');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headingOf(html)).toBe('Мастер-классы');
    expect(titleOf(html)).toBe(`Мастер-классы | ${PRODUCT}`);
    const text = pageText(html);
    expect(text).toContain('Предстоящие');
    expect(text).toContain('Прошедшие');
    expect(text).toMatch(/\d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2} мск/);
    for (const said of [
      '1 участник ',
      '3 участника',
      '5 участников',
      '21 участник ',
      '22 участника',
      '12 участников',
    ]) {
      expect(text).toContain(said);
    }
    // Seeded history: 10 of 24 seconds of master class 20, all of master class 18.
    expect(text).toContain('Просмотрено 42 %');
    expect(text).toContain('Просмотрено полностью');
    expect(html).toContain(`href="/lk/master-classes/${UPCOMING}"`);
    expect(html).not.toContain(servers.upstream.url);
  });

  it('shows another user only their own progress', async () => {
    const participant = await signedIn(DEMO_USERS.participant);
    const text = pageText(await (await participant.request('/lk/master-classes')).text());
    expect(text).not.toContain('Просмотрено 42 %');
    expect(text).toContain('Запись ещё не просмотрена');
  });

  it('an upstream failure is the error page of its status, not a stack trace', async () => {
    const teacher = await newcomer();
    await servers.upstream.fault({ path: '/rest/webinars/list/', status: 500 });
    const response = await teacher.request('/lk/master-classes');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 500`);
    expect(pageText(html)).toContain('Перезагрузите страницу.');
    expect(stackTraceIn(html)).toBeNull();
  });
});

describe('one master class', () => {
  it('plays a past one from the portal, never from the upstream', async () => {
    const teacher = await signedIn();
    const html = await (await teacher.request(`/lk/master-classes/${PAST}`)).text();
    expect(headingOf(html)).toBe('Как провести урок права в пятом классе');
    expect(html).toMatch(/<video[^>]*preload="metadata"/);
    expect(html).toMatch(new RegExp(`<video[^>]*src="/lk/master-classes/${PAST}/recording"`));
    expect(html).toMatch(/<video[^>]*controls/);
    expect(html).not.toContain('/files/');
    expect(html).not.toContain(servers.upstream.url);
  });

  it('links an upcoming one to its live broadcast', async () => {
    const teacher = await signedIn();
    const html = await (await teacher.request(`/lk/master-classes/${UPCOMING}`)).text();
    expect(html).toContain(`href="https://live.example.org/master-classes/${UPCOMING}"`);
    expect(pageText(html)).toContain('Смотреть трансляцию');
    expect(html).not.toContain('<video');
  });

  it('answers 404 for an unknown id and for one that is not digits', async () => {
    const teacher = await signedIn();
    for (const path of ['/lk/master-classes/999', '/lk/master-classes/abc', '/lk/master-classes/999/recording']) {
      const response = await teacher.request(path);
      expect(response.status, path).toBe(404);
    }
    const html = await (await teacher.request('/lk/master-classes/999')).text();
    expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 404`);
  });

  it('an upstream failure is the error page of its status', async () => {
    const teacher = await newcomer();
    await servers.upstream.fault({ path: '/rest/webinars/by/id/', status: 503 });
    const response = await teacher.request(`/lk/master-classes/${PAST}`);
    expect(response.status).toBe(503);
    expect(stackTraceIn(await response.text())).toBeNull();
  });
});

describe('the recording', () => {
  it('streams as video/mp4 and answers a Range request with the part asked for', async () => {
    const teacher = await signedIn();
    const whole = await teacher.request(`/lk/master-classes/${PAST}/recording`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Content-Type')).toMatch(/^video\/mp4/);
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(100_000);

    const part = await teacher.request(`/lk/master-classes/${PAST}/recording`, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // What a browser's player asks for first.
    const open = await teacher.request(`/lk/master-classes/${PAST}/recording`, { headers: { Range: 'bytes=0-' } });
    expect(open.status).toBe(206);
    expect(open.headers.get('Accept-Ranges')).toBe('bytes');
    expect(open.headers.get('Content-Range')).toBe(`bytes 0-${size - 1}/${size}`);
    await open.arrayBuffer();
  });

  it('is for signed-in users only', async () => {
    const guest = new Client(servers.portal.origin);
    const response = await guest.request(`/lk/master-classes/${PAST}/recording`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('the place in the recording', () => {
  it('a beacon stores it, and the page and the list read it back (the cache is dropped)', async () => {
    const participant = await signedIn(DEMO_USERS.participant);
    // Read first, so a stale cached copy would show if the mutation did not drop it.
    expect(pageText(await (await participant.request('/lk/master-classes/2')).text())).not.toContain('остановились');
    const response = await beacon(participant, 2, { positionSeconds: '12', watchedSeconds: '12' }, 'same-origin');
    expect(response.status).toBe(204);
    const page = pageText(await (await participant.request('/lk/master-classes/2')).text());
    expect(page).toContain('Вы остановились на 0:12');
    expect(pageText(await (await participant.request('/lk/master-classes')).text())).toContain('Просмотрено 50 %');
  });

  it('refuses a cross-site beacon, nonsense values and guests', async () => {
    const participant = await signedIn(DEMO_USERS.participant);
    expect((await beacon(participant, 3, { positionSeconds: '5', watchedSeconds: '5' }, 'cross-site')).status).toBe(
      403,
    );
    expect((await beacon(participant, 3, { positionSeconds: '-5', watchedSeconds: 'x' }, 'same-origin')).status).toBe(
      400,
    );
    const guest = new Client(servers.portal.origin);
    expect((await beacon(guest, 3, { positionSeconds: '5', watchedSeconds: '5' }, 'same-origin')).status).toBe(302);
    const page = pageText(await (await participant.request('/lk/master-classes/3')).text());
    expect(page).not.toContain('остановились');
  });

  it('passes at most a dozen reports a minute per account; more are 429 and reach nobody (issue 36)', async () => {
    const client = await newcomer();
    const statuses: number[] = [];
    for (let position = 1; position <= 20; position += 1) {
      const response = await beacon(
        client,
        PAST,
        { positionSeconds: `${position}`, watchedSeconds: `${position}` },
        'same-origin',
      );
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    }
    expect(statuses).toEqual([...Array<number>(12).fill(204), ...Array<number>(8).fill(429)]);
    // The upstream kept the twelfth report's place: none after it reached it.
    expect(pageText(await (await client.request(`/lk/master-classes/${PAST}`)).text())).toContain(
      'Вы остановились на 0:12',
    );
  });

  it('passes on an upstream refusal as a bare status', async () => {
    const participant = await signedIn(DEMO_USERS.participant);
    const live = await beacon(participant, UPCOMING, { positionSeconds: '5', watchedSeconds: '5' }, 'same-origin');
    expect(live.status).toBe(409);
    expect(await live.text()).toBe('');
  });
});
