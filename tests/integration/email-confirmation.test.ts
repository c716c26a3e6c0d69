import { describe, expect, it } from 'vitest';
import { pageText, readForms, type Client } from './harness';
import { headingOf } from './page';
import { useServers } from './servers';

/**
 * Confirming the address of a new account (ADR 214), without JavaScript: the link mailed on registration, a GET
 * that spends nothing (mail scanners open links too), «Подтвердить адрес» that confirms once, a clear page for a
 * link used or expired, the reminder with «Отправить письмо ещё раз», and the mail that waits for the confirmation.
 */

const clock = { offset: 0 };
const servers = useServers({ upstream: { now: () => Date.now() + clock.offset } });

const SUBJECT = 'Подтвердите адрес электронной почты';
/** The page's own form, not the header's sign-out. */
const CONFIRM = { action: '/confirm-email/' };
const REMINDER = 'Подтвердите адрес электронной почты';
const HOURS_72 = 72 * 3600_000;

let serial = 0;

/** Someone new, registered through the form: their browser and the link mailed to them. */
async function registerThroughTheForm() {
  serial += 1;
  const email = `confirming.${serial}.${Date.now()}@example.org`;
  const browser = servers.portal.client();
  const response = await browser.submit('/registration', {
    lastName: 'Орлова',
    firstName: 'Мария',
    email,
    phone: '+7 (912) 000-00-01',
    password: 'confirming-password-1',
    passwordConfirm: 'confirming-password-1',
    consent: 'on',
  });
  expect(response.status).toBe(303);
  return { browser, email, link: await mailedLink(email) };
}

async function mailedLink(email: string): Promise<string> {
  const letters = (await servers.upstream.outbox(email)).filter((letter) => letter.subject === SUBJECT);
  const link = letters[0]?.body.match(/https?:\/\/\S+\/confirm-email\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return link;
}

async function confirmCalls(): Promise<number> {
  return (await servers.upstream.stats()).confirmEmail;
}

async function text(browser: Client, path: string): Promise<string> {
  return pageText(await (await browser.request(path)).text());
}

describe('the confirmation link', () => {
  it('is mailed on registration, to the portal, and the cabinet and profile remind of it', async () => {
    const { browser, email, link } = await registerThroughTheForm();
    expect(new URL(link).origin).toBe(servers.portal.origin);
    expect(await text(browser, '/lk')).toContain(REMINDER);
    const profile = await text(browser, '/profile');
    expect(profile).toContain(REMINDER);
    expect(profile).toContain(`Мы отправили письмо со ссылкой на ${email}`);
  });

  it('opened (GET), spends nothing; «Подтвердить адрес» (POST) confirms once; the reminder is gone', async () => {
    const { browser, link } = await registerThroughTheForm();
    const before = await confirmCalls();
    const anyone = servers.portal.client();
    for (let i = 0; i < 2; i += 1) {
      const page = await anyone.request(link);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(headingOf(html)).toBe('Подтверждение адреса');
      expect(pageText(html)).toContain('Подтвердить адрес');
    }
    expect(await confirmCalls()).toBe(before);
    expect(await text(browser, '/lk')).toContain(REMINDER);

    // The owner presses the button (signed in or not: the link is the proof).
    const confirmed = await browser.submit(link, {}, CONFIRM);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('Location')).toBe('/email-confirmed');
    const landed = await (await browser.request('/email-confirmed')).text();
    expect(headingOf(landed)).toBe('Адрес подтверждён');
    // What comes next: the cabinet for the signed-in, «Войти» for anyone else, and the dictation for both.
    const main = landed.slice(landed.indexOf('<main'));
    expect(main).toContain('href="/lk">Перейти в личный кабинет</a>');
    expect(main).toContain('href="/dictation">Диктант: регистрация и написание</a>');
    const elsewhere = (await (await servers.portal.client().request('/email-confirmed')).text()).split('<main')[1]!;
    expect(elsewhere).toContain('href="/login">Войти</a>');
    expect(elsewhere).toContain('href="/dictation">Диктант: регистрация и написание</a>');
    expect(await confirmCalls()).toBe(before + 1);
    expect(await text(browser, '/lk')).not.toContain(REMINDER);
    expect(await text(browser, '/profile')).not.toContain(REMINDER);

    // The same link again: a clear page, in Russian.
    const again = await servers.portal.client().submit(link, {}, CONFIRM);
    expect(again.status).toBe(400);
    const html = await again.text();
    expect(headingOf(html)).toBe('Ссылка больше не работает');
    expect(pageText(html)).toContain('устарела или уже использована');
  });

  it('after 72 hours it no longer confirms', async () => {
    const { browser, link } = await registerThroughTheForm();
    clock.offset = HOURS_72 + 60_000;
    try {
      const expired = await servers.portal.client().submit(link, {}, CONFIRM);
      expect(expired.status).toBe(400);
      expect(headingOf(await expired.text())).toBe('Ссылка больше не работает');
    } finally {
      clock.offset = 0;
    }
    expect(await text(browser, '/lk')).toContain(REMINDER);
  });

  it('a malformed token is «Ссылка больше не работает» without asking the upstream', async () => {
    const before = await confirmCalls();
    for (const token of ['short', `${'x'.repeat(40)}!`, 'x'.repeat(300)]) {
      const browser = servers.portal.client();
      const response = await browser.submit(`/confirm-email/${encodeURIComponent(token)}`, {}, CONFIRM);
      expect(response.status, token).toBe(400);
      expect(headingOf(await response.text())).toBe('Ссылка больше не работает');
    }
    expect(await confirmCalls()).toBe(before);
  });

  it('is a form under the origin check, like every POST', async () => {
    const { link } = await registerThroughTheForm();
    const before = await confirmCalls();
    const crossSite = await servers.portal.client().request(link, { form: {}, site: 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await confirmCalls()).toBe(before);
  });
});

describe('«Отправить письмо ещё раз»', () => {
  it('mails a new link (the old one stops working) and comes back with «Письмо отправлено»', async () => {
    const { browser, email, link } = await registerThroughTheForm();
    const sent = await browser.submit('/lk', { redirectTo: '/lk' }, { action: '/profile/email' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe('/lk?confirmation=sent');
    expect(await text(browser, '/lk?confirmation=sent')).toContain(`Письмо отправлено на ${email}`);
    const fresh = await mailedLink(email);
    expect(fresh).not.toBe(link);
    expect((await servers.portal.client().submit(link, {}, CONFIRM)).status).toBe(400);
    expect((await browser.submit(fresh, {}, CONFIRM)).status).toBe(303);
    expect(await text(browser, '/lk')).not.toContain(REMINDER);
  });

  it('makes each resend wait longer: 11 presses in a moment send one more letter, then say how long to wait (ADR 215)', async () => {
    const { browser, email } = await registerThroughTheForm();
    const press = () => browser.submit('/profile', { redirectTo: '/profile' }, { action: '/profile/email' });
    expect((await press()).status).toBe(303);
    const refused = await press();
    expect(refused.status).toBe(429);
    expect(pageText(await refused.text())).toContain(
      'Письмо уже отправлено. Следующее можно отправить через 1 минуту.',
    );
    // The rest of the eleven: refused by the mailer, then by the portal's own count; no letter either way.
    for (let i = 0; i < 9; i += 1) expect((await press()).status).toBe(429);
    expect((await servers.upstream.outbox(email)).filter((letter) => letter.subject === SUBJECT)).toHaveLength(2);
  });
});

describe('mail that waits for the confirmation', () => {
  it('a dictation link goes to a confirmed address only', async () => {
    const unconfirmed = await registerThroughTheForm();
    const confirmed = await registerThroughTheForm();
    expect((await confirmed.browser.submit(confirmed.link, {}, CONFIRM)).status).toBe(303);
    for (const { browser } of [unconfirmed, confirmed]) {
      const page = await browser.request('/lk/dictations');
      const form = readForms(await page.text()).find((f) => f.fields.intent === 'register');
      expect(form, 'a dictation open for registration').toBeDefined();
      expect((await browser.request(form!.action ?? '/lk/dictations', { form: form!.fields })).status).toBe(303);
    }
    const subjects = async (email: string) => (await servers.upstream.outbox(email)).map((l) => l.subject);
    expect(await subjects(unconfirmed.email)).toEqual([SUBJECT]);
    expect((await subjects(confirmed.email)).some((s) => s.startsWith('Ваша ссылка на диктант'))).toBe(true);
  });
});
