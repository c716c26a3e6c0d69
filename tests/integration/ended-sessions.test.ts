import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisService } from '../../lab/services/redis';
import { WEBINAR_TOPICS } from '../../upstream/seed/seed-webinars-content';
import { Client } from './harness';
import { useServers } from './servers';

/**
 * Issue 15, defect 1: no request with a revoked or ended session is answered from any cache. A stolen copy of
 * the auth cookie asks for one route's data (the root loader never runs) after the owner logged out (the
 * upstream acknowledging), changed the password or recovered it: it gets no user data, and the upstream is not
 * asked either. In process memory (one instance) and in Redis.
 */

const TITLES = WEBINAR_TOPICS.map(([title]) => title);
/** The master classes list is a per-user cached read: the read a stolen cookie would be answered from. */
const ONE_ROUTE = '/lk/master-classes.data?_routes=routes/lk/master-classes';

const redis: { service?: RedisService } = {};

describe.each(['memory', 'redis'] as const)('an ended session reads nothing from the cache (%s)', (kind) => {
  beforeAll(async () => {
    if (kind === 'redis') redis.service = await startRedis();
  });
  afterAll(async () => {
    await redis.service?.close();
    redis.service = undefined;
  });
  const servers = useServers({
    portal: () => ({ env: kind === 'redis' ? redis.service!.env : ({} as Record<string, string>) }),
  });
  let serial = 0;

  /** Someone new, signed in, whose master classes list is in the read cache; and a copy of their cookies. */
  async function signedInWithCachedList() {
    serial += 1;
    const password = `ended-session-password-${serial}`;
    const fields = {
      lastName: 'Кузнецова',
      firstName: 'Елена',
      email: `ended.${kind}.${serial}@example.org`,
      phone: `+7 (912) 100-00-${String(serial).padStart(2, '0')}`,
      password,
      passwordConfirm: password,
      consent: 'on',
    };
    const owner = servers.portal.client();
    expect((await owner.submit('/registration', fields)).status).toBe(303);
    const own = await (await owner.request(ONE_ROUTE)).text();
    expect(TITLES.some((title) => own.includes(title))).toBe(true);
    const stolen = new Client(servers.portal.origin);
    const cookie = await owner.cookieHeader();
    return { owner, fields, stolen: () => stolen.request(ONE_ROUTE, { headers: { Cookie: cookie } }) };
  }

  async function expectNothingFor(response: Response) {
    const body = await response.text();
    expect(TITLES.filter((title) => body.includes(title))).toEqual([]);
    // Sent away (to the login), signed out, rather than answered.
    expect(body).toContain('SingleFetchRedirect');
  }

  async function listReads() {
    return (await servers.upstream.stats()).webinarsList;
  }

  it('after a logout the upstream acknowledged', async () => {
    const { owner, stolen } = await signedInWithCachedList();
    const before = await servers.upstream.stats();
    expect((await owner.logout()).status).toBe(303);
    const after = await servers.upstream.stats();
    expect(after.logout).toBe(before.logout + 1);
    await expectNothingFor(await stolen());
    expect(await listReads()).toBe(after.webinarsList);
  });

  it('after a password change', async () => {
    const { owner, fields, stolen } = await signedInWithCachedList();
    const newPassword = `changed-password-${serial}`;
    const changed = await owner.submit(
      '/profile/security',
      { currentPassword: fields.password, newPassword, passwordConfirm: newPassword },
      { action: '/profile/security' },
    );
    expect(changed.status).toBe(303);
    const reads = await listReads();
    await expectNothingFor(await stolen());
    expect(await listReads()).toBe(reads);
    // The session the change signed in goes on.
    const own = await (await owner.request(ONE_ROUTE)).text();
    expect(TITLES.some((title) => own.includes(title))).toBe(true);
  });

  it('after a password recovery', async () => {
    const { fields, stolen } = await signedInWithCachedList();
    const recovering = servers.portal.client();
    expect((await recovering.submit('/password', { email: fields.email })).status).toBe(303);
    const [letter] = await servers.upstream.outbox(fields.email);
    const code = /\b(\d{6})\b/.exec(letter!.body)![1]!;
    const newPassword = `recovered-password-${serial}`;
    const confirmed = await recovering.submit('/password?step=confirm', {
      code,
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(confirmed.headers.get('Location')).toBe('/login?reason=password-changed');
    const reads = await listReads();
    await expectNothingFor(await stolen());
    expect(await listReads()).toBe(reads);
  });

  it('after a password recovery by the address the account moved to since that sign-in (issue 44)', async () => {
    const { owner, fields, stolen } = await signedInWithCachedList();
    const mailedLink = async (to: string, subject: string) => {
      const letter = (await servers.upstream.outbox(to)).find((each) => each.subject === subject);
      const link = letter?.body.match(/https?:\/\/\S+\/confirm-email\/[\w-]+/)?.[0];
      if (!link) throw new Error(`no «${subject}» mailed to ${to}`);
      return link;
    };
    const confirm = async (link: string) =>
      expect((await servers.portal.client().submit(link, {}, { action: '/confirm-email/' })).status).toBe(303);
    await confirm(await mailedLink(fields.email, 'Подтвердите адрес электронной почты'));
    const moved = fields.email.replace('@', '.moved@');
    const change = '/profile/email/change';
    const asked = await owner.submit(change, { email: moved, currentPassword: fields.password }, { action: change });
    expect(asked.status).toBe(303);
    await confirm(await mailedLink(moved, 'Подтвердите новый адрес электронной почты'));

    const recovering = servers.portal.client();
    expect((await recovering.submit('/password', { email: moved })).status).toBe(303);
    const letter = (await servers.upstream.outbox(moved)).find((each) => each.subject === 'Восстановление пароля');
    const code = /\b(\d{6})\b/.exec(letter!.body)![1]!;
    const newPassword = `recovered-moved-password-${serial}`;
    const confirmed = await recovering.submit('/password?step=confirm', {
      code,
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(confirmed.headers.get('Location')).toBe('/login?reason=password-changed');
    const reads = await listReads();
    await expectNothingFor(await stolen());
    expect(await listReads()).toBe(reads);
  });
});
