import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, type Client } from './harness';
import { useServers } from './servers';

/**
 * Input the portal cannot use is the client's error: a 4xx with the error page, never a 5xx with a stack in the
 * log. Every action, every kind of wrong body; then a seeded fuzz run over paths, queries, methods and bodies.
 */
let teacher: Client;

const servers = useServers();

beforeAll(async () => {
  teacher = servers.portal.client();
  await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
});

const ACTIONS = [
  '/login',
  '/admin-auth',
  '/registration',
  '/password',
  '/logout',
  '/popups',
  '/profile',
  '/profile/security',
  '/profile/email/change',
  '/lk/week',
  '/lk/master-classes/1/progress',
  '/lk/dictations',
  '/dictation',
  `/dictation/${'x'.repeat(43)}`,
  `/dictation/${'x'.repeat(43)}/text`,
  '/lk/testing/1',
  '/lk/testing/1/questions/1',
  '/lk/author-questions',
  '/lk/support',
];
const FORM = 'application/x-www-form-urlencoded';

const BODIES: Record<string, { type?: string; body?: string; status: number[] }> = {
  none: { status: [415] },
  JSON: { type: 'application/json', body: '{"email":"a@b.c","password":"x"}', status: [415] },
  text: { type: 'text/plain', body: 'email=a@b.c', status: [415] },
  'broken multipart': { type: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nbroken', status: [400] },
  'multipart without a boundary': { type: 'multipart/form-data', body: 'x', status: [400] },
  'broken URL encoding': { type: FORM, body: 'email=%E0%A4%A&password=%zz&%', status: [303, 400] },
  'repeated fields': { type: FORM, body: 'email=a@b.c&email=d@e.f&password=1&password=2', status: [303, 400] },
  'a 1 MB field': { type: FORM, body: `email=${'a'.repeat(1024 * 1024)}`, status: [413] },
  // Conform's parser recurses once per level of a name: 2,500 levels overflowed the stack (a 500 before).
  'a field name 2,500 levels deep': {
    type: FORM,
    body: `email=a@b.c&password=x&${'a.'.repeat(2500)}a=1`,
    status: [400],
  },
};

describe.each(ACTIONS)('POST %s with a wrong body', (action) => {
  it.each(Object.keys(BODIES))('%s → a 4xx (or the form’s own answer), never a 5xx', async (kind) => {
    const { type, body, status } = BODIES[kind]!;
    // Signed in, so that the actions behind requireUser read the body too (logout last, in its own browser).
    const browser = action === '/logout' ? servers.portal.client() : teacher;
    const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
    const response = await fetch(new URL(action, servers.portal.origin), {
      method: 'POST',
      headers: { ...headers, 'Sec-Fetch-Site': 'same-origin', Cookie: await browser.cookieHeader() },
      body: body ?? '',
      redirect: 'manual',
    });
    await response.arrayBuffer();
    expect([...status, 302]).toContain(response.status);
    expect(servers.portal.logLines.filter((line) => /"level":50/.test(line))).toEqual([]);
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('%s with a form → 405', async (method) => {
    const response = await fetch(new URL(action, servers.portal.origin), {
      method,
      headers: { 'Content-Type': FORM, 'Sec-Fetch-Site': 'same-origin', Cookie: await teacher.cookieHeader() },
      body: 'email=a@b.c',
      redirect: 'manual',
    });
    await response.arrayBuffer();
    expect([405, 302]).toContain(response.status);
  });
});

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fuzz (seed 20261123, 400 requests)', () => {
  it('no 5xx, and the server still answers afterwards', async () => {
    const random = seeded(20261123);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const junk = (n: number) =>
      Array.from({ length: n }, () =>
        String.fromCodePoint(pick([0x25, 0x2f, 0x3f, 0x26, 0x3d, 0x41, 0x5c, 0x436, 0x1f600, 0x7e, 0x2e])),
      ).join('');
    const paths = [
      ...ACTIONS,
      '/',
      '/lk',
      '/lk/scenarios/5',
      '/lk/dictations/x',
      '/dictation/abc',
      '/week',
      '/nope',
      '/build.json',
      '/lk/certificates',
      `/certificates/${'A'.repeat(22)}`,
      '/certificates/ж',
      '/lk/master-classes/1/calendar.ics',
      '/lk/law-week/events/x/calendar.ics',
      '/lk/dictations/1/calendar.ics',
    ];
    const queries = [
      '',
      `?pass=${'a'.repeat(300)}`,
      '?pass=',
      '?redirectTo=/lk/ж',
      '?_data=root',
      '?re=auth',
      '?step=confirm&email=%',
      `?q=${junk(20)}`,
    ];
    const types = [
      undefined,
      FORM,
      'multipart/form-data; boundary=b',
      'application/json',
      'text/plain',
      'application/octet-stream',
    ];
    const bodies = [
      '',
      'email=a%40b.c&password=x',
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
      '{"a":1}',
      junk(50),
      '%%%&&&===',
    ];
    const failures: string[] = [];
    for (let i = 0; i < 400; i++) {
      const method = pick(['GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
      const path =
        encodeURI(`${pick(paths)}${random() < 0.3 ? `/${junk(5)}` : ''}`).replace(/%25/g, '%') + pick(queries);
      const type = pick(types);
      const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies);
      const browser = random() < 0.5 ? teacher : null;
      const headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' };
      if (type) headers['Content-Type'] = type;
      if (browser) headers.Cookie = await browser.cookieHeader();
      const response = await fetch(`${servers.portal.origin}${path}`, { method, headers, body, redirect: 'manual' });
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`${method} ${path} ${type ?? '-'} → ${response.status}`);
    }
    expect(failures).toEqual([]);
    expect((await fetch(new URL('/robots.txt', servers.portal.origin))).status).toBe(200);
  }, 120_000);
});

describe('?_data= requests', () => {
  it('are warned about once, never logged as errors', async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${servers.portal.origin}/lk?_data=root`)).arrayBuffer();
    const lines = servers.portal.logLines.filter((line) => line.includes('?_data requests'));
    expect(lines.length).toBeLessThanOrEqual(1);
    expect(lines.filter((line) => /"level":50/.test(line))).toEqual([]);
  });
});
