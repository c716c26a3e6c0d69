import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisService } from '../../lab/services/redis';
import { type Client } from './harness';
import { fieldErrorOf, formAlertOf, viewerNameOf } from './page';
import { useServers } from './servers';

/**
 * Issue 27, ADR 216: a school on dictation day, whole classes behind the school's one public address, with the
 * portal's default limits. Every request of this file comes from one loopback address, exactly that case. The
 * pupils' accounts are made at the upstream's registration call (a class whose accounts already exist) or
 * through the portal's registration form.
 */

const BAD_CREDENTIALS = 'Неверный адрес электронной почты или пароль';
const CLASS = 40;
/** The portal's defaults: failed attempts per address and form in 15 minutes before it slows down. */
const PER_ADDRESS = 30;

describe.each(['memory', 'redis'] as const)('a school behind one address, default limits (%s)', (kind) => {
  const redis: { service?: RedisService } = {};
  beforeAll(async () => {
    if (kind === 'redis') redis.service = await startRedis();
  });
  afterAll(() => redis.service?.close());
  const servers = useServers({
    portal: () => ({
      // The harness's generous per-address budget is dropped: these are the defaults of bff/config.server.ts.
      env: { AUTH_RATE_LIMIT_PER_ADDRESS: undefined, ...(redis.service ? redis.service.env : {}) },
    }),
  });

  const pupil = (n: number, klass: string) => ({
    email: `pupil.${n}.${klass}.${kind}@school.example`,
    password: `pupil-password-${n}`,
  });

  /** Runs `task` for each pupil, `together` at a time: a class at its desks, not one by one. */
  async function inClass<T>(count: number, together: number, task: (n: number) => Promise<T>): Promise<T[]> {
    const results: T[] = [];
    for (let start = 0; start < count; start += together) {
      const batch = Array.from({ length: Math.min(together, count - start) }, (_, i) => task(start + i));
      results.push(...(await Promise.all(batch)));
    }
    return results;
  }

  async function signsIn(browser: Client, email: string, password: string) {
    const { url, response } = await browser.login(email, password);
    expect(url, email).toBe(`${servers.portal.origin}/lk`);
    expect(viewerNameOf(await response.text()), email).toBe('Ольга Кузнецова');
  }

  it(`a class of ${CLASS} whose accounts exist signs in together, some mistyping their password first`, async () => {
    const pupils = Array.from({ length: CLASS }, (_, n) => pupil(n, '5a'));
    for (const account of pupils) await servers.upstream.register(account);
    const started = Date.now();
    await inClass(CLASS, 8, async (n) => {
      const { email, password } = pupils[n]!;
      const browser = servers.portal.client();
      if (n % 6 === 0) {
        const typo = await browser.submit('/login', { email, password: `${password}-typo` });
        expect(typo.status).toBe(400);
        expect(fieldErrorOf(await typo.text(), 'password')).toBe(BAD_CREDENTIALS);
      }
      await signsIn(browser, email, password);
    });
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 180_000);

  it(`a class of ${CLASS} registers through the portal together`, async () => {
    await inClass(CLASS, 8, async (n) => {
      const { email, password } = pupil(n, '5b');
      const browser = servers.portal.client();
      const response = await browser.submit('/registration', {
        lastName: 'Кузнецова',
        firstName: 'Ольга',
        email,
        phone: `+7 (912) 100-00-${String(n).padStart(2, '0')}`,
        password,
        passwordConfirm: password,
        consent: 'on',
      });
      expect(response.status, email).toBe(303);
      expect(response.headers.get('Location')).toBe('/lk');
    });
  }, 180_000);

  it('a spray from the same address (one wrong password on each of many accounts) is stopped early and slowed', async () => {
    // Accounts never signed in to from here (an address that signed in to a login has a quota of its own for it),
    // and ones that do not exist. The class's typos above count too: the spray is stopped within the address's 30
    // failures and one more.
    const victims = Array.from({ length: CLASS }, (_, n) =>
      n % 2 ? pupil(n, '5b').email : `nobody.${n}@school.example`,
    );
    const before = (await servers.upstream.stats()).login;
    let refused: { response: Response; html: string; email: string; browser: Client } | null = null;
    let tried = 0;
    for (const email of victims) {
      const browser = servers.portal.client();
      const response = await browser.submit('/login', { email, password: 'qwerty123' });
      if (response.status === 429) {
        refused = { response, html: await response.text(), email, browser };
        break;
      }
      expect(response.status, email).toBe(400);
      tried += 1;
    }
    expect(refused).not.toBeNull();
    expect(tried).toBeLessThanOrEqual(PER_ADDRESS + 1);
    // Only the attempts let through reached the upstream.
    expect((await servers.upstream.stats()).login).toBe(before + tried);
    const { response, html, email, browser } = refused!;
    const wait = Number(response.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(formAlertOf(html)).toMatch(/^Слишком много попыток\. Повторите через (\d+ секунд[уы]?|1 минуту)\.$/);
    // What was typed stays on the form, the password excepted.
    expect(html).toContain(`value="${email}"`);
    expect(html).not.toContain('qwerty123');
    expect(await browser.cookieNames()).toEqual([]);
  });
});
