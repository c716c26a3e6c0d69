import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallName } from '#contract';
import { DEMO_USERS, readForms, startPortal, type Client, type Portal } from './harness';
import { useServers } from './servers';
import { fieldErrorOf, formAlertOf, headingOf, viewerNameOf } from './page';

/** docs/product.md §4 and docs/architecture.md §4 against the reference upstream: the entry flows, signing in and out, form guards. */

const TEACHER = `${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`;
const PARTICIPANT = `${DEMO_USERS.participant.firstName} ${DEMO_USERS.participant.lastName}`;
const SPAM = 'Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.';
const BAD_CREDENTIALS = 'Неверный адрес электронной почты или пароль';

const servers = useServers({ portal: (upstream) => ({ env: { FIRST_AUTH_URL: `${upstream.url}/first-auth/` } }) });

async function signIn(user: 'teacher' | 'participant' | 'admin' = 'teacher') {
  const client = servers.portal.client();
  const { url } = await client.login(DEMO_USERS[user].email, DEMO_USERS[user].password);
  expect(url).toBe(`${servers.portal.origin}/lk`);
  return client;
}

/** Opens a pass link as a person does, then presses «Войти» on the page it lands on: the action's answer. */
async function usePassLink(client: Client, link: string) {
  const opened = await client.request(link);
  expect(opened.status).toBe(302);
  expect(opened.headers.get('Location')).toBe('/login/pass');
  await opened.arrayBuffer();
  return client.submit('/login/pass', {});
}

async function calls(name: CallName) {
  return (await servers.upstream.stats())[name];
}

describe('one-time pass links (docs/product.md §4.1)', () => {
  it('opening the link spends nothing — a mail scanner’s plain GET, a prefetch —; «Войти» on its page signs in', async () => {
    const { link, pass } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    const before = await calls('pass');
    // A mail scanner: a plain GET without any Sec-Fetch header, following every redirect.
    const scanner = servers.portal.client();
    const scanned = await scanner.follow(link, { site: null });
    expect(scanned.response.status).toBe(200);
    expect(await scanned.response.text()).not.toContain(pass);
    expect(await scanner.cookieNames()).not.toContain('__Host-vptk');
    expect(await scanner.cookieNames()).not.toContain('__Host-rvptk');
    // A browser's prefetch, or a link preview's: declined, never stored, nothing exchanged.
    const prefetch = await servers.portal.client().request(link, { headers: { 'Sec-Purpose': 'prefetch' } });
    expect(prefetch.status).toBe(503);
    expect(prefetch.headers.get('Cache-Control')).toContain('no-store');
    expect(await calls('pass')).toBe(before);

    // The person clicks the link in the mail, then «Войти» on the page it opens.
    const browser = servers.portal.client();
    const opened = await browser.follow(link, { site: 'none' });
    expect(opened.url).toBe(`${servers.portal.origin}/login/pass`);
    expect(opened.url).not.toContain(pass);
    const html = await opened.response.text();
    expect(headingOf(html)).toBe('Вход по ссылке из письма');
    expect(html).not.toContain(pass);
    expect(await browser.cookieNames()).not.toContain('__Host-vptk');
    const signedIn = await browser.submit('/login/pass', {});
    expect(signedIn.status).toBe(303);
    // A link to the front page signs in to the cabinet (issue 45): where a signed-in user expects to be.
    expect(signedIn.headers.get('Location')).toBe('/lk');
    expect(await calls('pass')).toBe(before + 1);
    expect((await browser.cookieNames()).sort()).toEqual(['__Host-rvptk', '__Host-vptk']);
    expect(viewerNameOf(await (await browser.request('/lk')).text())).toBe(PARTICIPANT);
  });

  it('the link from /__dev__/passes lands on «Войти», which signs in; the pass leaves the URL at once', async () => {
    const { link } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    expect(link.startsWith(`${servers.portal.origin}/?pass=`)).toBe(true);
    const browser = servers.portal.client();
    const signedIn = await usePassLink(browser, link);
    expect(signedIn.headers.get('Location')).toBe('/lk');
    expect((await browser.cookieNames()).sort()).toEqual(['__Host-rvptk', '__Host-vptk']);
    const home = await browser.request('/');
    expect(home.status).toBe(200);
    const nav = /<nav aria-label="Основная навигация"[\s\S]*?<\/nav>/.exec(await home.text())![0];
    expect(nav).toContain('href="/lk"');
    expect(nav).not.toContain('href="/login"');
    const cabinet = await browser.request('/lk');
    expect(viewerNameOf(await cabinet.text())).toBe(PARTICIPANT);
  });

  it('on a cabinet page, with the portal’s own parameters kept', async () => {
    const { pass } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    const browser = servers.portal.client();
    const signedIn = await usePassLink(browser, `/lk/scenarios/5?pass=${encodeURIComponent(pass)}&status=1`);
    expect(signedIn.headers.get('Location')).toBe('/lk/scenarios/5?status=1');
    const { response: page } = await browser.follow('/lk/scenarios/5?status=1');
    expect(page.status).toBe(200);
    expect(viewerNameOf(await page.text())).toBe(PARTICIPANT);
  });

  it('a pass used once → /login?reason=pass, which says why', async () => {
    const { pass } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    expect((await usePassLink(servers.portal.client(), `/?pass=${pass}`)).headers.get('Location')).toBe('/lk');
    const again = servers.portal.client();
    const response = await usePassLink(again, `/lk?pass=${pass}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/login?reason=pass');
    expect(await again.cookieNames()).toEqual([]);
    const login = await again.request('/login?reason=pass');
    expect(await login.text()).toContain('Ссылка для входа недействительна или уже использована. Войдите с паролем.');
  });

  it('a made-up pass → /login?reason=pass; one no upstream could have issued, without asking it', async () => {
    const response = await usePassLink(servers.portal.client(), '/week?pass=not-a-real-pass');
    expect(response.headers.get('Location')).toBe('/login?reason=pass');
    const before = await calls('pass');
    const impossible = await servers.portal.client().request(`/week?pass=${'a'.repeat(257)}`);
    expect(impossible.headers.get('Location')).toBe('/login?reason=pass');
    expect(await calls('pass')).toBe(before);
  });

  it('/login/pass with no pass waiting (expired, another browser) → /login?reason=pass, for a GET and «Войти»', async () => {
    const browser = servers.portal.client();
    const opened = await browser.request('/login/pass');
    expect(opened.status).toBe(302);
    expect(opened.headers.get('Location')).toBe('/login?reason=pass');
    const pressed = await browser.request('/login/pass', { form: {} });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('Location')).toBe('/login?reason=pass');
  });

  it('someone already signed in keeps their session; the pass is not spent', async () => {
    const teacher = await signIn('teacher');
    const { pass } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    const before = await calls('pass');
    const response = await teacher.request(`/lk?pass=${pass}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/lk');
    expect(await calls('pass')).toBe(before);
    expect(viewerNameOf(await (await teacher.request('/lk')).text())).toBe(TEACHER);
    // Still good for the person it was meant for.
    const participant = servers.portal.client();
    expect((await usePassLink(participant, `/?pass=${pass}`)).headers.get('Location')).toBe('/lk');
    expect(await calls('pass')).toBe(before + 1);
  });
});

describe('?re=auth (docs/product.md §4.7)', () => {
  it('sends the analytics transition and goes to the first authorisation with backurl /lk/scenarios', async () => {
    const before = await calls('linkTransition');
    const browser = servers.portal.client();
    const response = await browser.request('/?re=auth');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${servers.upstream.url}/first-auth/`);
    expect(location.searchParams.get('backurl')).toBe(`${servers.portal.origin}/lk/scenarios`);
    expect(await calls('linkTransition')).toBe(before + 1);
    const external = await fetch(location);
    expect(await external.text()).toContain(`href="${servers.portal.origin}/lk/scenarios"`);
  });

  it('for a signed-in user too, the transition carrying their session', async () => {
    const teacher = await signIn('teacher');
    const before = await calls('linkTransition');
    const response = await teacher.request('/lk/scenarios?re=auth');
    expect(response.headers.get('Location')).toMatch(new RegExp(`^${servers.upstream.url}/first-auth/\\?backurl=`));
    expect(await calls('linkTransition')).toBe(before + 1);
    const row = servers.upstream.db
      .prepare('SELECT user_id AS userId FROM analytics_transitions ORDER BY id DESC LIMIT 1')
      .get() as { userId: number | null };
    expect(row.userId).not.toBeNull();
  });

  it.each([{ 'Sec-Purpose': 'prefetch' }, { 'Sec-Purpose': 'prefetch;prerender' }, { Purpose: 'prefetch' }] as Record<
    string,
    string
  >[])(
    'a prefetch (%j) is declined uncounted and never gets the redirect a browser could keep for the click',
    async (headers) => {
      const before = await calls('linkTransition');
      const teacher = await signIn('teacher');
      for (const [client, path] of [
        [servers.portal.client(), '/?re=auth'],
        [teacher, '/lk/scenarios?re=auth'],
      ] as const) {
        const response = await client.request(path, { headers });
        await response.arrayBuffer();
        expect(response.status, path).toBe(503);
        expect(response.headers.get('Location'), path).toBeNull();
        expect(response.headers.get('Cache-Control'), path).toContain('no-store');
      }
      expect(await calls('linkTransition')).toBe(before);
    },
  );

  it('goes ahead when the analytics call fails', async () => {
    await servers.upstream.fault({ path: '/rest/analytics/', status: 500, times: 1 });
    const response = await servers.portal.client().request('/?re=auth');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toContain('/first-auth/?backurl=');
    await servers.upstream.clearFaults();
  });
});

describe('the status/stage rule (docs/product.md §2)', () => {
  it.each([
    ['/?utm=1', '/'],
    ['/week?utm_source=mail&utm_medium=x', '/week'],
    ['/login?redirectTo=%2Flk&fbclid=abc', '/login?redirectTo=%2Flk'],
  ])('%s → %s', async (from, to) => {
    const response = await servers.portal.client().request(from);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(to);
  });

  it.each(['/?status=1&x=2', '/?stage=2&utm=1', '/login?redirectTo=%2Flk', '/week'])('%s is kept', async (path) => {
    const response = await servers.portal.client().request(path);
    expect(response.status).toBe(200);
  });

  /** The raw request line `GET //evil.example…`: a URL-based client would go to evil.example itself. */
  function rawGet(path: string): Promise<{ status: number; location: string | undefined }> {
    const { hostname, port } = new URL(servers.portal.origin);
    return new Promise((resolve, reject) => {
      get({ host: hostname, port, path, headers: { 'Sec-Fetch-Site': 'none' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      }).on('error', reject);
    });
  }

  it.each(['//evil.example?utm=1', '/\\evil.example?utm=1', '///evil.example/x?utm=1'])(
    '%s stays on this site (no protocol-relative redirect)',
    async (path) => {
      const { status, location } = await rawGet(path);
      expect(status).toBe(302);
      expect(location).toMatch(/^\/[^/\\]/);
    },
  );

  it('a pass on //host lands on this site too', async () => {
    const { pass } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    const { status, location } = await rawGet(`//evil.example/lk?pass=${pass}`);
    expect(status).toBe(302);
    expect(location).toMatch(/^\/[^/\\]/);
  });
});

describe('signing in', () => {
  it('goes to /lk', async () => {
    const response = await servers.portal
      .client()
      .submit('/login', { email: DEMO_USERS.teacher.email, password: DEMO_USERS.teacher.password });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/lk');
  });

  it('the e-mail is read without regard to case and spaces', async () => {
    const response = await servers.portal
      .client()
      .submit('/login', { email: '  Teacher@Example.ORG ', password: DEMO_USERS.teacher.password });
    expect(response.headers.get('Location')).toBe('/lk');
  });

  it.each([
    ['/lk/scenarios/5', '/lk/scenarios/5'],
    ['/profile?tab=1', '/profile?tab=1'],
    ['//evil.example', '/lk'],
    ['https://evil.example', '/lk'],
    ['/\\evil.example', '/lk'],
    ['/%2F%2Fevil.example', '/lk'],
    ['javascript:alert(1)', '/lk'],
    ['/lk\r\nSet-Cookie: x=1', '/lk'],
    ['/lk/ж', '/lk/%D0%B6'],
  ])('redirectTo %j → %s', async (redirectTo, target) => {
    const response = await servers.portal
      .client()
      .submit('/login', { email: DEMO_USERS.teacher.email, password: DEMO_USERS.teacher.password, redirectTo });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(target);
  });

  it('a guest sent from /lk/scenarios/5 to the login page lands on /lk/scenarios/5', async () => {
    const browser = servers.portal.client();
    const { url } = await browser.follow('/lk/scenarios/5');
    expect(url).toBe(`${servers.portal.origin}/login?redirectTo=%2Flk%2Fscenarios%2F5`);
    const posted = await browser.submit(new URL(url).pathname + new URL(url).search, {
      email: DEMO_USERS.teacher.email,
      password: DEMO_USERS.teacher.password,
    });
    expect(posted.headers.get('Location')).toBe('/lk/scenarios/5');
    const page = await browser.request('/lk/scenarios/5');
    const html = await page.text();
    expect(headingOf(html)).toBe('Квест «Возврат товара без споров»');
    expect(viewerNameOf(html)).toBe(TEACHER);
  });

  it('a wrong password → 400, the Russian message at the field, the e-mail kept, the password not echoed', async () => {
    const browser = servers.portal.client();
    const response = await browser.submit('/login', { email: DEMO_USERS.teacher.email, password: 'not-the-password' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'password')).toBe(BAD_CREDENTIALS);
    expect(html).toMatch(/name="password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="password"/);
    const form = readForms(html).find((f) => f.method === 'post')!;
    expect(form.fields.email).toBe(DEMO_USERS.teacher.email);
    expect(form.fields.password).toBe('');
    expect(html).not.toContain('not-the-password');
    expect(await browser.cookieNames()).toEqual([]);
  });

  it('an unknown address gets the same answer as a wrong password', async () => {
    const response = await servers.portal
      .client()
      .submit('/login', { email: 'nobody@example.org', password: 'whatever-1' });
    expect(response.status).toBe(400);
    expect(fieldErrorOf(await response.text(), 'password')).toBe(BAD_CREDENTIALS);
  });

  it('an empty form is answered by the portal, without asking the upstream', async () => {
    const before = await calls('login');
    const response = await servers.portal.client().submit('/login', { email: '', password: '' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'email')).toBe('Введите адрес электронной почты');
    expect(fieldErrorOf(html, 'password')).toBe('Введите пароль');
    expect(await calls('login')).toBe(before);
  });

  it('a filled honeypot → refused, nothing sent upstream', async () => {
    const before = await calls('login');
    const response = await servers.portal.client().submit('/login', {
      email: DEMO_USERS.teacher.email,
      password: DEMO_USERS.teacher.password,
      name__confirm: 'I am a bot',
    });
    expect(response.status).toBe(400);
    expect(formAlertOf(await response.text())).toBe(SPAM);
    expect(await calls('login')).toBe(before);
  });

  it('a form without its honeypot fields, or with a forged timestamp → refused', async () => {
    const before = await calls('login');
    const bare = await servers.portal
      .client()
      .request('/login', { form: { email: DEMO_USERS.teacher.email, password: DEMO_USERS.teacher.password } });
    expect(bare.status).toBe(400);
    expect(formAlertOf(await bare.text())).toBe(SPAM);
    const forged = await servers.portal.client().submit('/login', {
      email: DEMO_USERS.teacher.email,
      password: DEMO_USERS.teacher.password,
      from__confirm: 'U2FsdGVkX1+forged',
    });
    expect(forged.status).toBe(400);
    expect(formAlertOf(await forged.text())).toBe(SPAM);
    expect(await calls('login')).toBe(before);
  });

  it('a signed-in visitor of /login is sent to the cabinet', async () => {
    const teacher = await signIn();
    const response = await teacher.request('/login');
    expect(response.headers.get('Location')).toBe('/lk');
  });
});

describe('the rate limit (AUTH_RATE_LIMIT_PER_LOGIN=3)', () => {
  let limited: Portal;

  beforeAll(async () => {
    limited = await startPortal({ upstreamUrl: servers.upstream.url, env: { AUTH_RATE_LIMIT_PER_LOGIN: '3' } });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('the fourth attempt for one login gets «Слишком много попыток…», even with the right password', async () => {
    const browser = limited.client();
    for (let i = 0; i < 3; i++) {
      const response = await browser.submit('/login', { email: DEMO_USERS.participant.email, password: `wrong-${i}` });
      expect(fieldErrorOf(await response.text(), 'password')).toBe(BAD_CREDENTIALS);
    }
    const before = await calls('login');
    const fourth = await browser.submit('/login', {
      email: DEMO_USERS.participant.email,
      password: DEMO_USERS.participant.password,
    });
    const html = await fourth.text();
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The login's own lock: a recovery lifts it, and the sign-in says so.
    expect(formAlertOf(html)).toBe(
      'Слишком много попыток. Повторите через 15 минут. Или восстановите пароль по ссылке «Забыли пароль?»: это снимет блокировку сразу.',
    );
    expect(html).not.toContain('\u0000');
    expect(await calls('login')).toBe(before);
    expect(await browser.cookieNames()).toEqual([]);
    // Another login from the same address is not affected.
    const other = await limited
      .client()
      .submit('/login', { email: DEMO_USERS.teacher.email, password: DEMO_USERS.teacher.password });
    expect(other.headers.get('Location')).toBe('/lk');
  });

  it('a successful sign-in forgives the failed attempts before it', async () => {
    const browser = limited.client();
    for (let i = 0; i < 2; i++)
      await browser.submit('/login', { email: DEMO_USERS.admin.email, password: `wrong-${i}` });
    expect(
      (await browser.submit('/login', { email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password })).status,
    ).toBe(303);
    for (let i = 0; i < 2; i++) {
      const response = await limited
        .client()
        .submit('/login', { email: DEMO_USERS.admin.email, password: `wrong-again-${i}` });
      expect(fieldErrorOf(await response.text(), 'password')).toBe(BAD_CREDENTIALS);
    }
  });
});

describe('no lock-out by strangers (ADR 216)', () => {
  let proxied: Portal;
  const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
  const owner = DEMO_USERS.participant;

  beforeAll(async () => {
    proxied = await startPortal({ upstreamUrl: servers.upstream.url, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('after ten addresses × ten wrong passwords the owner still gets in, from their browser or their address', async () => {
    const device = proxied.client();
    expect(
      (await device.submit('/login', { email: owner.email, password: owner.password }, from('198.51.100.7'))).status,
    ).toBe(303);
    expect(await device.cookieNames({ all: true })).toContain('__Host-rvptkd');
    await device.logout('/lk');
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 10; i++) {
        await proxied.client().submit('/login', { email: owner.email, password: `wrong-${i}` }, from(`10.7.${a}.1`));
      }
    }
    const stranger = await proxied
      .client()
      .submit('/login', { email: owner.email, password: owner.password }, from('10.7.99.1'));
    expect(stranger.status).toBe(429);
    const again = await device.submit('/login', { email: owner.email, password: owner.password }, from('192.0.2.50'));
    expect(again.status).toBe(303);
    const sameAddress = await proxied
      .client()
      .submit('/login', { email: owner.email, password: owner.password }, from('198.51.100.7'));
    expect(sameAddress.status).toBe(303);
  }, 120_000);
});

describe('signing out (docs/product.md §4.5)', () => {
  async function expectSignedOut(browser: Client) {
    expect(await browser.cookieNames()).toEqual([]);
    const { url } = await browser.follow('/lk');
    expect(url).toBe(`${servers.portal.origin}/login?redirectTo=%2Flk`);
  }

  it('from a cabinet page: upstream logout, both cookies cleared, Clear-Site-Data, lands on /', async () => {
    const teacher = await signIn();
    const before = await calls('logout');
    const response = await teacher.logout('/lk/scenarios/5');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/?signed-out=1');
    // "storage": the dictation's text kept offline goes too (issue 25, finding 8).
    expect(response.headers.get('Clear-Site-Data')).toBe('"cache", "cookies", "storage"');
    const cleared = response.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    for (const line of cleared) expect(line).toMatch(/^__Host-r?vptk=;.*Max-Age=0/);
    expect(await calls('logout')).toBe(before + 1);
    await expectSignedOut(teacher);
  });

  it('from a profile page it lands on / too', async () => {
    const teacher = await signIn();
    expect((await teacher.logout('/profile/security')).headers.get('Location')).toBe('/?signed-out=1');
  });

  it('from a cabinet page reached with capitals in its path (routes match without case) it lands on / too', async () => {
    const teacher = await signIn();
    const page = await teacher.request('/LK/Scenarios');
    expect(headingOf(await page.text())).toBe('Сценарии');
    const response = await teacher.logout('/LK/Scenarios');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/?signed-out=1');
  });

  it('from a public page it stays there', async () => {
    const teacher = await signIn();
    const response = await teacher.request('/logout', { form: { redirectTo: '/week' } });
    expect(response.headers.get('Location')).toBe('/week?signed-out=1');
    await expectSignedOut(teacher);
  });

  it('the page a logout lands on says so, in a status region, without JavaScript; a signed-in visitor is not told', async () => {
    const teacher = await signIn();
    const response = await teacher.logout('/lk');
    expect(response.headers.get('Location')).toBe('/?signed-out=1');
    const landedResponse = await servers.portal.client().request('/?signed-out=1');
    const landed = await landedResponse.text();
    expect(landed).toMatch(/<p class="form-notice" role="status">Вы вышли из личного кабинета\.<\/p>/);
    const other = await signIn();
    expect(await (await other.request('/?signed-out=1')).text()).not.toContain('Вы вышли');
  });

  it('a foreign redirectTo is not followed', async () => {
    const teacher = await signIn();
    const response = await teacher.request('/logout', { form: { redirectTo: '//evil.example/' } });
    expect(response.headers.get('Location')).toBe('/?signed-out=1');
  });

  it('the cookies are cleared even when the upstream logout fails, and a copy of them is refused', async () => {
    const teacher = await signIn();
    const copied = await teacher.cookieHeader();
    await servers.upstream.fault({ path: '/rest/users/authentication/logout/', status: 503, times: 1 });
    const response = await teacher.logout('/lk');
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie()).toHaveLength(2);
    await expectSignedOut(teacher);
    const replayed = await servers.portal.client().request('/lk', { headers: { Cookie: copied } });
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
  });

  it('with only the refresh cookie left and the refresh failing, logout still clears it, and it stays refused', async () => {
    const teacher = await signIn();
    const refreshOnly = (await teacher.cookieHeader()).split('; ').find((c) => c.startsWith('__Host-rvptk='))!;
    const browser = servers.portal.client();
    await servers.upstream.fault({ path: '/rest/users/authentication/refresh/', status: 503, times: 5 });
    const response = await browser.request('/logout', {
      form: { redirectTo: '/lk' },
      headers: { Cookie: refreshOnly },
    });
    await servers.upstream.clearFaults();
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/?signed-out=1');
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^__Host-rvptk=;.*Max-Age=0/)]);
    const replayed = await servers.portal.client().request('/lk', { headers: { Cookie: refreshOnly } });
    expect(replayed.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
  });

  // Issue 25, finding 1: a thief copied the refresh cookie and refreshed in their own browser, which now holds an
  // auth cookie the owner never saw. The owner signs out after the 68-hour countdown (only the refresh cookie
  // left), or while the upstream's logout fails: the thief's cookie is refused all the same.
  it.each([
    ['with only the refresh cookie left', 'refresh only'],
    ['with both cookies, the upstream logout failing', 'both'],
  ] as const)('ends a session a thief refreshed from a copied refresh cookie, %s', async (_, held) => {
    const teacher = await signIn();
    const all = await teacher.cookieHeader();
    const refreshOnly = all.split('; ').find((c) => c.startsWith('__Host-rvptk='))!;
    const thief = servers.portal.client();
    expect(viewerNameOf(await (await thief.request('/lk', { headers: { Cookie: refreshOnly } })).text())).toBe(TEACHER);
    const minted = (await thief.cookieHeader()).split('; ').find((c) => c.startsWith('__Host-vptk='))!;
    expect(minted).toBeDefined();
    expect(
      viewerNameOf(await (await servers.portal.client().request('/lk', { headers: { Cookie: minted } })).text()),
    ).toBe(TEACHER);

    if (held === 'both') {
      await servers.upstream.fault({ path: '/rest/users/authentication/logout/', status: 503, times: 5 });
    }
    const response = await servers.portal.client().request('/logout', {
      form: { redirectTo: '/lk' },
      headers: { Cookie: held === 'both' ? all : refreshOnly },
    });
    await servers.upstream.clearFaults();
    expect(response.status).toBe(303);

    const replayed = await servers.portal.client().request('/lk', { headers: { Cookie: minted } });
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
  });

  it('with only the refresh cookie left, the upstream is told with a token asked for with it', async () => {
    const teacher = await signIn();
    const refreshOnly = (await teacher.cookieHeader()).split('; ').find((c) => c.startsWith('__Host-rvptk='))!;
    const before = await calls('logout');
    const response = await servers.portal.client().request('/logout', {
      form: { redirectTo: '/lk' },
      headers: { Cookie: refreshOnly },
    });
    expect(response.status).toBe(303);
    expect(await calls('logout')).toBe(before + 1);
  });

  it('a redirectTo outside Latin-1 is encoded, not a 500', async () => {
    const teacher = await signIn();
    const response = await teacher.request('/logout', { form: { redirectTo: '/week/ж' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/week/%D0%B6?signed-out=1');
  });

  it('GET /logout changes nothing', async () => {
    const teacher = await signIn();
    const before = await calls('logout');
    const response = await teacher.request('/logout');
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await calls('logout')).toBe(before);
    expect(viewerNameOf(await (await teacher.request('/lk')).text())).toBe(TEACHER);
  });
});
