import { describe, expect, it } from 'vitest';
import { pageText, type Client } from './harness';
import { useServers } from './servers';

/**
 * Changing the address through the portal, without JavaScript (ADR 063): the form of `/profile/email/change` with
 * the current password, its Russian messages at the fields with the address kept, the limit per account, a taken
 * address, and a confirmed address that keeps signing in until the new one's link is followed.
 */

const servers = useServers();
const PAGE = '/profile/email/change';
const PASSWORD = 'changing-password-1';
const CONFIRM = { action: '/confirm-email/' };

let serial = 0;

async function registered({ confirm }: { confirm: boolean }) {
  serial += 1;
  const email = `changing.${serial}.${Date.now()}@example.org`;
  const browser = servers.portal.client();
  const response = await browser.submit('/registration', {
    lastName: 'Орлова',
    firstName: 'Мария',
    email,
    phone: '+7 (912) 000-00-02',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    consent: 'on',
  });
  expect(response.status).toBe(303);
  if (confirm) expect((await browser.submit(await mailedLink(email, SUBJECT), {}, CONFIRM)).status).toBe(303);
  return { browser, email };
}

const SUBJECT = 'Подтвердите адрес электронной почты';
const NEW_SUBJECT = 'Подтвердите новый адрес электронной почты';

async function mailedLink(email: string, subject: string): Promise<string> {
  const letters = (await servers.upstream.outbox(email)).filter((letter) => letter.subject === subject);
  const link = letters[0]?.body.match(/https?:\/\/\S+\/confirm-email\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no «${subject}» mailed to ${email}`);
  return link;
}

const change = (browser: Client, email: string, currentPassword = PASSWORD) =>
  browser.submit(PAGE, { email, currentPassword }, { action: PAGE });

async function signsIn(email: string): Promise<boolean> {
  const { hops } = await servers.portal.client().login(email, PASSWORD);
  return hops[0]?.status === 303;
}

describe('changing the address (ADR 063)', () => {
  it('says a wrong password at its field, keeps the typed address, drops the password, changes nothing', async () => {
    const { browser, email } = await registered({ confirm: true });
    const wanted = `wanted.${serial}@example.org`;
    const refused = await change(browser, wanted, 'not-the-password');
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(pageText(html)).toContain('Текущий пароль указан неверно');
    expect(html).toContain(`value="${wanted}"`);
    expect(html).not.toContain('not-the-password');
    expect(await servers.upstream.outbox(wanted)).toEqual([]);
    expect(pageText(await (await browser.request('/profile')).text())).toContain(email);
  });

  it('keeps a confirmed address signing in until the new one’s link is followed, then only the new one', async () => {
    const { browser, email } = await registered({ confirm: true });
    const moved = email.replace('@', '.moved@');
    const done = await change(browser, moved);
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe(`${PAGE}?saved=1&reason=pending#saved`);
    expect(await signsIn(email)).toBe(true);
    expect(await signsIn(moved)).toBe(false);
    expect(pageText(await (await browser.request('/profile')).text())).toContain(
      `Новый адрес ${moved} ждёт подтверждения по ссылке из письма.`,
    );
    const link = await mailedLink(moved, NEW_SUBJECT);
    expect((await servers.portal.client().submit(link, {}, CONFIRM)).status).toBe(303);
    expect(await signsIn(moved)).toBe(true);
    expect(await signsIn(email)).toBe(false);
    // The link works once.
    expect((await servers.portal.client().submit(link, {}, CONFIRM)).status).toBe(400);
  });

  it('says a taken address at the e-mail field, as registration does, and keeps what was typed', async () => {
    const { browser } = await registered({ confirm: true });
    const other = await registered({ confirm: true });
    const refused = await change(browser, other.email);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(pageText(html)).toContain('Пользователь с таким адресом уже зарегистрирован');
    expect(html).toContain(`value="${other.email}"`);
  });

  it('limits the requests per account: a stolen session cannot guess the password through this form', async () => {
    const { browser } = await registered({ confirm: true });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await change(browser, `guess.${serial}.${i}@example.org`, `wrong-password-${i}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    const refused = await change(browser, `guess.${serial}@example.org`, PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(pageText(await refused.text())).toContain('Слишком много попыток');
  });
});
