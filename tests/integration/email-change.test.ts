import { describe, expect, it } from 'vitest';
import { pageText, type Client } from './harness';
import { headingOf } from './page';
import { useServers } from './servers';

/**
 * Changing the address through the portal, without JavaScript (ADR 214): the form of `/profile/email/change` with
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

describe('changing the address (ADR 214)', () => {
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
    // Nothing has changed yet: the form's button is not «Сохранено», and the notice says what will happen.
    const waiting = await (await browser.request(`${PAGE}?saved=1&reason=pending`)).text();
    expect(waiting).not.toContain('Сохранено');
    expect(pageText(waiting)).toContain(`Письмо со ссылкой отправлено на ${moved}. Адрес для входа сменится`);
    expect(pageText(waiting)).toContain('Текущий адрес');
    const link = await mailedLink(moved, NEW_SUBJECT);
    const confirmed = await browser.submit(link, {}, CONFIRM);
    expect(confirmed.status).toBe(303);
    // The page it lands on says the sign-in address changed, and to which.
    expect(confirmed.headers.get('Location')).toBe('/email-confirmed?reason=changed');
    const landed = await (await browser.request('/email-confirmed?reason=changed')).text();
    expect(headingOf(landed)).toBe('Адрес для входа изменён');
    expect(pageText(landed)).toContain(`Теперь входите на портал с адресом ${moved}`);
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

/**
 * Issue 44, finding 1: a recovery code follows the address it was mailed to, not the account. Asked for at one
 * address, it does nothing once the account's address is another, however it changed.
 */
describe('a recovery code after the address changed', () => {
  const RECOVERY = 'Восстановление пароля';
  const TAKEN = 'taken-over-password-1';

  async function codeMailedTo(email: string) {
    expect((await servers.portal.client().submit('/password', { email })).status).toBe(303);
    const letter = (await servers.upstream.outbox(email)).find((each) => each.subject === RECOVERY);
    const code = letter?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no recovery code mailed to ${email}`);
    return code;
  }

  const redeem = (email: string, code: string) =>
    servers.portal.client().submit('/password?step=confirm', {
      intent: 'confirm',
      email,
      code,
      password: TAKEN,
      passwordConfirm: TAKEN,
    });

  const signsInWith = async (email: string, password: string) =>
    (await servers.portal.client().login(email, password)).hops[0]?.status === 303;

  it('(a) a code asked for at an unconfirmed address does not reset the password of the address that replaced it', async () => {
    const { browser, email } = await registered({ confirm: false });
    const code = await codeMailedTo(email);
    const victim = email.replace('@', '.victim@');
    expect((await change(browser, victim)).status).toBe(303);
    const refused = await redeem(victim, code);
    expect(refused.status).toBe(400);
    expect(pageText(await refused.text())).toContain('Неверный или устаревший код');
    expect(await signsInWith(victim, TAKEN)).toBe(false);
    expect(await signsInWith(victim, PASSWORD)).toBe(true);
    // Nobody proved the new address: it is not shown as confirmed, and nothing but its confirmation letter went there.
    expect(pageText(await (await browser.request(PAGE)).text())).toContain('Ваш адрес ещё не подтверждён');
    expect((await servers.upstream.outbox(victim)).map((letter) => letter.subject)).toEqual([SUBJECT]);
  });

  it('(b) a code mailed to the former address does not reset the password once a confirmed change is made', async () => {
    const { browser, email } = await registered({ confirm: true });
    const code = await codeMailedTo(email);
    const moved = email.replace('@', '.moved@');
    expect((await change(browser, moved)).status).toBe(303);
    expect((await servers.portal.client().submit(await mailedLink(moved, NEW_SUBJECT), {}, CONFIRM)).status).toBe(303);
    const refused = await redeem(moved, code);
    expect(refused.status).toBe(400);
    expect(pageText(await refused.text())).toContain('Неверный или устаревший код');
    expect(await signsInWith(moved, TAKEN)).toBe(false);
    expect(await signsInWith(moved, PASSWORD)).toBe(true);
  });
});
