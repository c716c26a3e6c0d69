import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallName } from '#contract';
import { DEMO_USERS, pageText, readForms, startPortal, type Client, type Portal } from './harness';
import { useServers } from './servers';
import { fieldErrorOf, formAlertOf, headingOf, viewerNameOf } from './page';

/**
 * The account screens against the reference upstream, as a person uses them without JavaScript: registration,
 * password recovery, the admin sign-in, profile edit, password change, the welcome notice.
 */

const SAVED = 'Сохранено';
const WELCOME = 'Добро пожаловать в личный кабинет!';

let serial = 0;

const servers = useServers();

async function calls(name: CallName) {
  return (await servers.upstream.stats())[name];
}

function newcomer(overrides: Record<string, string> = {}) {
  serial += 1;
  const password = `newcomer-password-${serial}`;
  return {
    lastName: 'Кузнецова',
    firstName: 'Елена',
    email: `newcomer.${serial}@example.org`,
    phone: `+7 (912) 000-00-${String(serial).padStart(2, '0')}`,
    password,
    passwordConfirm: password,
    consent: 'on',
    ...overrides,
  };
}

/**
 * Registers someone new through the form and returns their signed-in browser, the address confirmed as its owner
 * would: the link of the letter opened and «Подтвердить адрес» pressed.
 */
async function register(fields = newcomer()) {
  const browser = servers.portal.client();
  const response = await browser.submit('/registration', fields);
  expect(response.status).toBe(303);
  expect(response.headers.get('Location')).toBe('/lk');
  const letter = (await servers.upstream.outbox(fields.email))[0]!;
  const link = /https?:\/\/\S+\/confirm-email\/[\w-]+/.exec(letter.body)![0];
  expect((await browser.submit(link, {}, { action: '/confirm-email/' })).status).toBe(303);
  return { browser, fields };
}

async function canSignIn(email: string, password: string) {
  const response = await servers.portal.client().submit('/login', { email, password });
  return response.status === 303;
}

describe('registration', () => {
  it('creates the account, signs in and opens the cabinet with the new name', async () => {
    const before = await calls('register');
    const { browser, fields } = await register();
    expect(await calls('register')).toBe(before + 1);
    expect((await browser.cookieNames()).sort()).toEqual(['__Host-rvptk', '__Host-vptk']);
    const page = await browser.request('/lk');
    expect(viewerNameOf(await page.text())).toBe(`${fields.firstName} ${fields.lastName}`);
    const profile = await (await browser.request('/profile')).text();
    expect(profile).toContain(fields.email);
    expect(profile).toContain('Участник');
    expect(await canSignIn(fields.email, fields.password)).toBe(true);
  });

  it('an address already registered → 400 at the e-mail field, with «Войти» and «Восстановить пароль», the rest kept', async () => {
    const fields = newcomer({ email: DEMO_USERS.teacher.email });
    const response = await servers.portal.client().submit('/registration', fields);
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'email')).toBe('Этот адрес уже зарегистрирован. Войдите или восстановите пароль.');
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Войти<\/a><a[^>]*href="\/password"[^>]*>Восстановить пароль<\/a>/);
    const form = readForms(html).find((f) => f.method === 'post')!;
    expect(form.fields.lastName).toBe(fields.lastName);
    expect(form.fields.email).toBe(fields.email);
    expect(form.fields.password).toBe('');
    expect(html).not.toContain(fields.password);
  });

  it('mistakes the portal catches itself, without asking the upstream', async () => {
    const before = await calls('register');
    const response = await servers.portal
      .client()
      .submit(
        '/registration',
        newcomer({ passwordConfirm: 'something-else', phone: '123', consent: '', firstName: '  ', password: 'short' }),
      );
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'firstName')).toBe('Укажите имя');
    expect(fieldErrorOf(html, 'phone')).toBe('Номер телефона должен содержать 10 цифр после +7');
    expect(fieldErrorOf(html, 'password')).toBe('Пароль должен содержать не менее 8 символов');
    expect(fieldErrorOf(html, 'consent')).toBe('Подтвердите согласие на обработку персональных данных');
    // Every mistake in one round, the passwords that differ among them.
    expect(fieldErrorOf(html, 'passwordConfirm')).toBe('Пароли не совпадают');
    expect(await calls('register')).toBe(before);
  });

  it('passwords that differ', async () => {
    const response = await servers.portal
      .client()
      .submit('/registration', newcomer({ passwordConfirm: 'does-not-match-1' }));
    expect(fieldErrorOf(await response.text(), 'passwordConfirm')).toBe('Пароли не совпадают');
  });

  it('a filled honeypot → refused', async () => {
    const before = await calls('register');
    const response = await servers.portal.client().submit('/registration', newcomer({ name__confirm: 'bot' }));
    expect(response.status).toBe(400);
    expect(formAlertOf(await response.text())).toBe(
      'Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.',
    );
    expect(await calls('register')).toBe(before);
  });
});

describe('password recovery', () => {
  async function codeFor(email: string) {
    const [letter] = await servers.upstream.outbox(email);
    expect(letter?.subject).toBe('Восстановление пароля');
    return /\b(\d{6})\b/.exec(letter!.body)![1]!;
  }

  it('a recovery lifts the lock of wrong passwords: the new password signs in at once, nothing else is reopened (issue 37)', async () => {
    const { fields } = await register();
    const owner = servers.portal.client();
    let locked: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      locked = await owner.submit('/login', { email: fields.email, password: `wrong-password-${i}` });
    }
    expect(locked!.status).toBe(429);
    const lockedPage = await locked!.text();
    expect(formAlertOf(lockedPage)).toContain('Слишком много попыток. Повторите через 15 минут.');
    // The way out now, since a recovery lifts the lock.
    expect(formAlertOf(lockedPage)).toContain(
      'Или восстановите пароль по ссылке «Забыли пароль?»: это снимет блокировку сразу.',
    );
    // Nothing to correct: the lock is not put under «Исправьте ошибки».
    expect(lockedPage).not.toContain('Исправьте ошибки');

    // «Забыли пароль?» answered on the phone, the code from the letter: the locked computer then signs in.
    const phone = servers.portal.client();
    expect((await phone.submit('/password', { email: fields.email })).status).toBe(303);
    const newPassword = 'unlocked-password-3';
    const confirmed = await phone.submit('/password?step=confirm', {
      code: await codeFor(fields.email),
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(confirmed.headers.get('Location')).toBe('/login?reason=password-changed');
    const signedIn = await owner.submit('/login', { email: fields.email, password: newPassword });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('Location')).toBe('/lk');
  });

  it('a sign-in link lifts the lock of wrong passwords too: the link proved the address (issue 37)', async () => {
    const { fields } = await register();
    const owner = servers.portal.client();
    let locked: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      locked = await owner.submit('/login', { email: fields.email, password: `wrong-password-${i}` });
    }
    expect(locked!.status).toBe(429);
    // The link from the letter, opened on the phone behind the same address: «Войти».
    const phone = servers.portal.client();
    const { link } = await servers.upstream.issuePass(fields.email, servers.portal.origin);
    const opened = await phone.request(link);
    expect(opened.headers.get('Location')).toBe('/login/pass');
    await opened.arrayBuffer();
    expect((await phone.submit('/login/pass', {})).status).toBe(303);
    const signedIn = await owner.submit('/login', { email: fields.email, password: fields.password });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('Location')).toBe('/lk');
  });

  it('«Забыли пароль?» from the dictation’s sign-in leads back to it, the address filled in after «Пароль изменён»', async () => {
    const { fields } = await register();
    const browser = servers.portal.client();
    const login = await (await browser.request('/login?redirectTo=%2Fdictation')).text();
    // Come from «Написать диктант»: the sign-in says what it is for.
    expect(pageText(login)).toContain('Войдите, чтобы написать диктант: после входа вы вернётесь к нему.');
    expect(login).toContain('href="/password?redirectTo=%2Fdictation"');

    const sent = await browser.submit('/password?redirectTo=%2Fdictation', { email: fields.email });
    expect(sent.headers.get('Location')).toBe('/password?step=confirm&redirectTo=%2Fdictation');
    const newPassword = 'recovered-for-dictation-4';
    const confirmed = await browser.submit('/password?step=confirm&redirectTo=%2Fdictation', {
      code: await codeFor(fields.email),
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(confirmed.headers.get('Location')).toBe('/login?reason=password-changed&redirectTo=%2Fdictation');
    const again = await (await browser.request(confirmed.headers.get('Location')!)).text();
    expect(pageText(again)).toContain('Пароль изменён. Войдите с новым паролем.');
    const form = readForms(again).find((one) => 'password' in one.fields)!;
    expect(form.fields).toMatchObject({ email: fields.email, redirectTo: '/dictation' });
    const signedIn = await browser.request(form.action ?? '/login?reason=password-changed&redirectTo=%2Fdictation', {
      form: { ...form.fields, password: newPassword },
    });
    expect(signedIn.headers.get('Location')).toBe('/dictation');
  });

  it('the code from the letter sets a new password; the old one stops working, old sessions end', async () => {
    const { browser: elsewhere, fields } = await register();
    const recovering = servers.portal.client();
    const sent = await recovering.submit('/password', { email: fields.email });
    expect(sent.status).toBe(303);
    const confirmUrl = sent.headers.get('Location')!;
    // The address is remembered in a sealed cookie, never put in the URL (logs, history, Referer).
    expect(confirmUrl).toBe('/password?step=confirm');
    expect(sent.headers.getSetCookie().join('\n')).not.toContain(fields.email.split('@')[0]!);
    const confirmPage = await (await recovering.request(confirmUrl)).text();
    expect(confirmPage).toContain('Если адрес зарегистрирован, мы отправили на него код.');
    expect(confirmPage).toContain(`value="${fields.email}"`);
    // Another browser, without the cookie, starts over at the first step.
    const elsewherePage = await (await servers.portal.client().request(confirmUrl)).text();
    expect(elsewherePage).toContain('Получить код');
    expect(elsewherePage).not.toContain(fields.email);

    const newPassword = 'recovered-password-2';
    const confirmed = await recovering.submit(confirmUrl, {
      code: await codeFor(fields.email),
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('Location')).toBe('/login?reason=password-changed');
    const login = await (await recovering.request('/login?reason=password-changed')).text();
    expect(login).toContain('Пароль изменён. Войдите с новым паролем.');

    expect(await canSignIn(fields.email, fields.password)).toBe(false);
    expect(await canSignIn(fields.email, newPassword)).toBe(true);
    // The browser signed in before the reset is signed out at its next page.
    const { url } = await elsewhere.follow('/lk');
    expect(url).not.toBe(`${servers.portal.origin}/lk`);
    expect(await elsewhere.cookieNames()).toEqual([]);
  });

  it('every step that sets a cookie is private, no-store: no shared cache keeps the remembered address', async () => {
    const { fields } = await register();
    const recovering = servers.portal.client();
    const sent = await recovering.submit('/password', { email: fields.email });
    expect(sent.headers.getSetCookie()).toHaveLength(1);
    expect(sent.headers.get('Cache-Control')).toBe('private, no-store');
    const confirmed = await recovering.submit(sent.headers.get('Location')!, {
      code: await codeFor(fields.email),
      password: 'recovered-password-3',
      passwordConfirm: 'recovered-password-3',
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(confirmed.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('a wrong code → 400 at the code field, nothing changed', async () => {
    const { fields } = await register();
    const recovering = servers.portal.client();
    const sent = await recovering.submit('/password', { email: fields.email });
    const code = await codeFor(fields.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await recovering.submit(sent.headers.get('Location')!, {
      code: wrong,
      password: 'whatever-pass-1',
      passwordConfirm: 'whatever-pass-1',
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'code')).toBe('Неверный или устаревший код');
    expect(html).not.toContain('whatever-pass-1');
    expect(await canSignIn(fields.email, fields.password)).toBe(true);
  });

  it('an unknown address gets the same answer, and no letter goes out', async () => {
    const response = await servers.portal.client().submit('/password', { email: 'nobody-here@example.org' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/password?step=confirm');
    expect(await servers.upstream.outbox('nobody-here@example.org')).toEqual([]);
  });
});

describe('the admin sign-in (ADR 210)', () => {
  it('an admin gets in', async () => {
    const before = await calls('adminAuth');
    const browser = servers.portal.client();
    const response = await browser.submit('/admin-auth', {
      email: DEMO_USERS.admin.email,
      password: DEMO_USERS.admin.password,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/lk');
    expect(await calls('adminAuth')).toBe(before + 1);
    expect(viewerNameOf(await (await browser.request('/lk')).text())).toBe(
      `${DEMO_USERS.admin.firstName} ${DEMO_USERS.admin.lastName}`,
    );
  });

  it('a teacher, with the right password, gets the answer of a wrong password', async () => {
    const browser = servers.portal.client();
    const response = await browser.submit('/admin-auth', {
      email: DEMO_USERS.teacher.email,
      password: DEMO_USERS.teacher.password,
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'password')).toBe('Неверный адрес электронной почты или пароль');
    expect(await browser.cookieNames()).toEqual([]);
  });

  it('a wrong password is refused', async () => {
    const response = await servers.portal
      .client()
      .submit('/admin-auth', { email: DEMO_USERS.admin.email, password: 'not-it' });
    expect(response.status).toBe(400);
    expect(fieldErrorOf(await response.text(), 'password')).toBe('Неверный адрес электронной почты или пароль');
  });
});

describe('profile edit', () => {
  it('saves, says «Сохранено», and the new name is everywhere after', async () => {
    const { browser } = await register();
    const before = await calls('updateProfile');
    const response = await browser.submit(
      '/profile',
      { firstName: 'Светлана', city: 'Тверь', phone: '8 912 345-67-89' },
      { action: '/profile' },
    );
    // Post, redirect, get: reloading the saved page never sends the form again.
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/profile?saved=1#saved');
    const html = await (await browser.request('/profile?saved=1')).text();
    expect(html).toContain(SAVED);
    // The confirmation the redirect's fragment scrolls to.
    expect(html).toMatch(/<p [^>]*role="status" id="saved">Изменения сохранены\.<\/p>/);
    expect(await calls('updateProfile')).toBe(before + 1);
    // The form of the saved page posts to the page it is on.
    const form = readForms(html).find((f) => f.action?.startsWith('/profile'))!;
    expect(form.fields.city).toBe('Тверь');
    const again = await (await browser.request('/profile')).text();
    expect(viewerNameOf(again)).toBe('Светлана Кузнецова');
    const saved = readForms(again).find((f) => f.action === '/profile')!;
    expect(saved.fields.city).toBe('Тверь');
    expect(saved.fields.phone).toBe('+7 (912) 345-67-89');
    // A fresh page is not in the saved state.
    expect(again).not.toContain(SAVED);
  });

  it('a bad value → 400 at its field, nothing sent upstream', async () => {
    const { browser } = await register();
    const before = await calls('updateProfile');
    const response = await browser.submit('/profile', { lastName: '', phone: '12' }, { action: '/profile' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'lastName')).toBe('Укажите фамилию');
    expect(fieldErrorOf(html, 'phone')).toBe('Номер телефона должен содержать 10 цифр после +7');
    expect(html).not.toContain(SAVED);
    expect(await calls('updateProfile')).toBe(before);
  });

  it('markup typed into the profile comes back as text, never as markup', async () => {
    const { browser } = await register();
    const payload = '<img src=x onerror=alert(1)>';
    // A name takes letters only: the markup is refused at the field.
    const refused = await browser.submit('/profile', { firstName: payload }, { action: '/profile' });
    expect(refused.status).toBe(400);
    expect(fieldErrorOf(await refused.text(), 'firstName')).toBe('Начните с буквы');
    const saved = await browser.submit(
      '/profile',
      { organization: payload, city: '"><script>alert(2)</script>' },
      { action: '/profile' },
    );
    expect(saved.status).toBe(303);
    for (const path of ['/profile', '/lk', '/']) {
      const html = await (await browser.request(path)).text();
      expect(html, path).not.toContain(payload);
      expect(html, path).not.toContain('<script>alert(2)');
    }
    const profile = readForms(await (await browser.request('/profile')).text()).find((f) =>
      Object.hasOwn(f.fields, 'organization'),
    )!;
    expect(profile.fields.organization).toBe(payload);
  });

  it('a guest posting the profile form is sent to sign in, nothing sent upstream', async () => {
    const before = await calls('updateProfile');
    const response = await servers.portal
      .client()
      .request('/profile', { form: { firstName: 'X', lastName: 'Y', phone: '+7 (900) 000-00-00' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fprofile&reason=session-ended');
    expect(await calls('updateProfile')).toBe(before);
  });
});

describe('password change', () => {
  it('a wrong current password → 400 at its field', async () => {
    const { browser, fields } = await register();
    const response = await browser.submit(
      '/profile/security',
      { currentPassword: 'not-my-password', newPassword: 'another-pass-1', passwordConfirm: 'another-pass-1' },
      { action: '/profile/security' },
    );
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(fieldErrorOf(html, 'currentPassword')).toBe('Текущий пароль указан неверно');
    expect(html).not.toContain('not-my-password');
    expect(html).not.toContain('another-pass-1');
    expect(await canSignIn(fields.email, fields.password)).toBe(true);
  });

  it('changes it: «Сохранено», the old password refused, this session kept, other sessions ended', async () => {
    const { browser, fields } = await register();
    const elsewhere = servers.portal.client();
    expect((await elsewhere.login(fields.email, fields.password)).url).toBe(`${servers.portal.origin}/lk`);
    const newPassword = 'changed-password-3';
    const response = await browser.submit(
      '/profile/security',
      { currentPassword: fields.password, newPassword, passwordConfirm: newPassword },
      { action: '/profile/security' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/profile/security?saved=1#saved');
    const html = await (await browser.request('/profile/security?saved=1')).text();
    expect(html).toContain(SAVED);
    expect(html).toContain('Пароль изменён. Другие сеансы завершены.');
    expect(html).not.toContain(newPassword);

    expect(await canSignIn(fields.email, fields.password)).toBe(false);
    expect(await canSignIn(fields.email, newPassword)).toBe(true);
    const here = await browser.request('/profile/security');
    expect(here.status).toBe(200);
    expect(headingOf(await here.text())).toBe('Безопасность');
    const { url } = await elsewhere.follow('/lk');
    expect(url).not.toBe(`${servers.portal.origin}/lk`);
    expect(await elsewhere.cookieNames()).toEqual([]);
  });

  it('a copy of this very session, taken before the change, is refused after it; this browser holds a new one', async () => {
    const { browser, fields } = await register();
    const stolen = await browser.cookieHeader();
    const newPassword = 'changed-password-4';
    const response = await browser.submit(
      '/profile/security',
      { currentPassword: fields.password, newPassword, passwordConfirm: newPassword },
      { action: '/profile/security' },
    );
    expect(response.status).toBe(303);
    expect(
      response.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['__Host-rvptk', '__Host-vptk']);
    expect(await browser.cookieHeader()).not.toBe(stolen);
    expect((await browser.request('/profile/security')).status).toBe(200);
    const thief = servers.portal.client();
    const replayed = await thief.request('/lk', { headers: { Cookie: stolen } });
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get('Location')).not.toContain('/lk');
    expect(replayed.headers.getSetCookie().join('\n')).toMatch(/^__Host-vptk=;/m);
    // The refresh cookie alone, as after 68 hours, is refused too.
    const refreshOnly = stolen.split('; ').find((c) => c.startsWith('__Host-rvptk='))!;
    const refreshed = await thief.request('/lk', { headers: { Cookie: refreshOnly } });
    expect(refreshed.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
  });
});

describe('the welcome notice (popup)', () => {
  async function hasWelcome(browser: Client, path = '/lk') {
    return (await (await browser.request(path)).text()).includes(WELCOME);
  }

  it('shows on the cabinet’s home (not above every page) until dismissed, then never again, on any device', async () => {
    const { browser, fields } = await register();
    expect(await hasWelcome(browser)).toBe(true);
    expect(await hasWelcome(browser, '/lk/scenarios')).toBe(false);
    const before = await calls('popup');
    const response = await browser.submit('/lk', {}, { action: '/popups' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/lk');
    expect(await calls('popup')).toBe(before + 1);
    expect(await hasWelcome(browser)).toBe(false);
    const otherDevice = servers.portal.client();
    await otherDevice.login(fields.email, fields.password);
    expect(await hasWelcome(otherDevice)).toBe(false);
  });

  it('an unknown popup → 400; a GET or a guest changes nothing', async () => {
    const { browser } = await register();
    const before = await calls('popup');
    const unknown = await browser.request('/popups', { form: { popup: 'everything', redirectTo: '/lk' } });
    expect(unknown.status).toBe(400);
    const get = await browser.request('/popups?popup=welcome');
    expect(get.status).toBe(302);
    expect(get.headers.get('Location')).toBe('/lk');
    const guest = await servers.portal.client().request('/popups', { form: { popup: 'welcome' } });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
    expect(await calls('popup')).toBe(before);
    expect(await hasWelcome(browser)).toBe(true);
  });

  it('a foreign redirectTo after dismissing is not followed', async () => {
    const { browser } = await register();
    const response = await browser.request('/popups', {
      form: { popup: 'welcome', redirectTo: 'https://evil.example/' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/lk');
  });
});

describe('rate limits on the other public forms (AUTH_RATE_LIMIT_PER_LOGIN=3)', () => {
  let limited: Portal;
  const TOO_MANY = 'Слишком много попыток. Повторите через 15 минут.';

  beforeAll(async () => {
    limited = await startPortal({ upstreamUrl: servers.upstream.url, env: { AUTH_RATE_LIMIT_PER_LOGIN: '3' } });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('the admin sign-in: the fourth attempt is refused before the upstream', async () => {
    for (let i = 0; i < 3; i++)
      await limited.client().submit('/admin-auth', { email: DEMO_USERS.admin.email, password: `wrong-${i}` });
    const before = await calls('adminAuth');
    const fourth = await limited
      .client()
      .submit('/admin-auth', { email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(formAlertOf(await fourth.text())).toBe(TOO_MANY);
    expect(await calls('adminAuth')).toBe(before);
  });

  it('the current password cannot be guessed through the password-change form with a stolen session', async () => {
    const { fields } = await register();
    const browser = limited.client();
    await browser.login(fields.email, fields.password);
    for (let i = 0; i < 3; i++) {
      const response = await browser.submit(
        '/profile/security',
        { currentPassword: `guess-${i}`, newPassword: 'taken-over-1', passwordConfirm: 'taken-over-1' },
        { action: '/profile/security' },
      );
      expect(fieldErrorOf(await response.text(), 'currentPassword')).toBe('Текущий пароль указан неверно');
    }
    const before = await calls('changePassword');
    const fourth = await browser.submit(
      '/profile/security',
      { currentPassword: fields.password, newPassword: 'taken-over-1', passwordConfirm: 'taken-over-1' },
      { action: '/profile/security' },
    );
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(formAlertOf(await fourth.text())).toBe(TOO_MANY);
    expect(await calls('changePassword')).toBe(before);
    expect(await canSignIn(fields.email, fields.password)).toBe(true);
  });

  it('recovery codes cannot be guessed through the portal: the fourth use of the form (1 request + 2 wrong codes) is refused, even with the right code', async () => {
    const { fields } = await register();
    const browser = limited.client();
    const sent = await browser.submit('/password', { email: fields.email });
    const confirmUrl = sent.headers.get('Location')!;
    const [letter] = await servers.upstream.outbox(fields.email);
    const code = /\b(\d{6})\b/.exec(letter!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      const response = await browser.submit(confirmUrl, {
        code: wrong,
        password: 'guessed-password-1',
        passwordConfirm: 'guessed-password-1',
      });
      expect(fieldErrorOf(await response.text(), 'code')).toBe('Неверный или устаревший код');
    }
    const before = await calls('restoreConfirm');
    const right = await browser.submit(confirmUrl, {
      code,
      password: 'guessed-password-1',
      passwordConfirm: 'guessed-password-1',
    });
    expect(right.status).toBe(429);
    expect(right.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(formAlertOf(await right.text())).toBe(TOO_MANY);
    expect(await calls('restoreConfirm')).toBe(before);
    expect(await canSignIn(fields.email, fields.password)).toBe(true);
  });
});
