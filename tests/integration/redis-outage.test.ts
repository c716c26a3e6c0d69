import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisService } from '../../lab/services/redis';
import { WEBINAR_TOPICS } from '../../upstream/seed/seed-webinars-content';
import { Client, DEMO_USERS, pageText } from './harness';
import { formAlertOf, headingOf, stackTraceIn, viewerNameOf } from './page';
import { useServers } from './servers';
import { MAX_PENDING } from '../../bff/session/endings.server';

/**
 * What a Redis outage does to a portal whose shared state is in Redis (ADR 228): Redis is stopped in the middle
 * of a run and started again on the same port. Public pages answer as ever; signed-in pages are refused with a
 * clear 503 page that keeps the cookies; sign-in forms fail closed with «Слишком много попыток»; nothing crashes
 * (the harness fails any test that writes to console.error); and all comes back when Redis does.
 */

const redis: { service?: RedisService } = {};
beforeAll(async () => {
  redis.service = await startRedis();
});
afterAll(() => redis.service?.close());
// No grace: what a signed-in request meets once its last-known standing is too old to serve, at once.
const servers = useServers({ portal: () => ({ env: { ...redis.service!.env, REDIS_STANDING_GRACE_MS: '0' } }) });

async function signedIn() {
  const client = servers.portal.client();
  const { url } = await client.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
  expect(url).toBe(`${servers.portal.origin}/lk`);
  return client;
}

/** Polls until `check` passes, as a person reloading would (ioredis reconnects within a second or so). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('did not recover in time');
    await sleep(100);
  }
}

describe('a Redis outage', () => {
  it('keeps public pages, refuses signed-in pages and sign-ins clearly, and recovers when Redis is back', async () => {
    const teacher = await signedIn();
    const cookies = await teacher.cookieHeader();
    expect((await teacher.request('/lk')).status).toBe(200);

    await redis.service!.stop();
    try {
      for (const path of ['/', '/login', '/password']) {
        const response = await servers.portal.client().request(path);
        expect(response.status, path).toBe(200);
      }

      const page = await teacher.request('/lk');
      const html = await page.text();
      expect(page.status).toBe(503);
      expect(headingOf(html)).toBe('Ошибка 503');
      expect(pageText(html)).toContain('Вы не вышли из кабинета: обновите страницу через минуту.');
      expect(stackTraceIn(html)).toBeNull();
      // Not a sign-out: the cookies stay, for when Redis is back.
      expect(page.headers.getSetCookie()).toEqual([]);
      expect(await teacher.cookieHeader()).toBe(cookies);
      const data = await teacher.request('/lk/master-classes.data?_routes=routes/lk/master-classes');
      expect(data.status).toBe(503);
      expect(data.headers.getSetCookie()).toEqual([]);

      const attempt = await servers.portal
        .client()
        .submit('/login', { email: DEMO_USERS.participant.email, password: DEMO_USERS.participant.password });
      expect(attempt.status).toBe(429);
      expect(formAlertOf(await attempt.text())).toBe('Слишком много попыток. Повторите через 1 минуту.');
    } finally {
      await redis.service!.start();
    }

    await eventually(async () => (await teacher.request('/lk')).status === 200);
    expect(viewerNameOf(await (await teacher.request('/lk')).text())).toBeTruthy();
    const { url } = await servers.portal.client().login(DEMO_USERS.participant.email, DEMO_USERS.participant.password);
    expect(url).toBe(`${servers.portal.origin}/lk`);
    const outageLines = servers.portal.logLines.filter((line) => line.includes('redis unavailable'));
    expect(outageLines).toHaveLength(1);
  });

  // Issue 25, finding 2: the upstream ends the session, but the portal cannot record it while Redis is away. The
  // answer must not pass for a plain success, and once Redis is back a copy of the cookies must read nothing
  // from the instance's cache (the per-user master classes list it was answered from before).
  it('a logout during the outage says signing out everywhere is not confirmed, and is recorded once Redis is back', async () => {
    const oneRoute = '/lk/master-classes.data?_routes=routes/lk/master-classes';
    const titles = WEBINAR_TOPICS.map(([title]) => title);
    const teacher = await signedIn();
    const own = await (await teacher.request(oneRoute)).text();
    expect(titles.some((title) => own.includes(title))).toBe(true);
    const copied = await teacher.cookieHeader();

    await redis.service!.stop();
    let response: Response;
    try {
      // The 503 page of the outage has no logout form: the header's form as the browser already shows it.
      response = await teacher.request('/logout', { form: { redirectTo: '/lk' } });
    } finally {
      await redis.service!.start();
    }
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/login?reason=logout-unconfirmed');
    expect(response.headers.getSetCookie()).toHaveLength(2);
    const notice = await teacher.follow(response.headers.get('Location')!);
    expect(pageText(await notice.response.text())).toContain(
      'Вы вышли в этом браузере, но сайт не смог подтвердить завершение сеанса на всех своих серверах.',
    );

    const stolen = new Client(servers.portal.origin);
    let body = '';
    await eventually(async () => {
      const replayed = await stolen.request(oneRoute, { headers: { Cookie: copied } });
      body = await replayed.text();
      return replayed.status !== 503;
    });
    expect(titles.filter((title) => body.includes(title))).toEqual([]);
    expect(body).toContain('SingleFetchRedirect');
  });

  it('a kept logout is pushed out by no number of logouts without cookies (issue 44)', async () => {
    const oneRoute = '/lk/master-classes.data?_routes=routes/lk/master-classes';
    const titles = WEBINAR_TOPICS.map(([title]) => title);
    const teacher = await signedIn();
    const own = await (await teacher.request(oneRoute)).text();
    expect(titles.some((title) => own.includes(title))).toBe(true);
    const copied = await teacher.cookieHeader();
    await redis.service!.stop();
    const anonymous: string[] = [];
    try {
      const kept = await teacher.request('/logout', { form: { redirectTo: '/lk' } });
      expect(kept.headers.get('Location')).toBe('/login?reason=logout-unconfirmed');
      // More than the instance keeps (MAX_PENDING), a few at a time: each one ends nothing, so each is a plain
      // sign-out, kept by no one.
      let left = MAX_PENDING + 50;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (left-- > 0) {
            const response = await new Client(servers.portal.origin).request('/logout', { form: { redirectTo: '/' } });
            anonymous.push(response.headers.get('Location') ?? String(response.status));
          }
        }),
      );
    } finally {
      await redis.service!.start();
    }
    expect(new Set(anonymous)).toEqual(new Set(['/?signed-out=1']));
    const stolen = new Client(servers.portal.origin);
    let body = '';
    await eventually(async () => {
      const replayed = await stolen.request(oneRoute, { headers: { Cookie: copied } });
      body = await replayed.text();
      return replayed.status !== 503;
    });
    expect(titles.filter((title) => body.includes(title))).toEqual([]);
    expect(body).toContain('SingleFetchRedirect');
  });
});
