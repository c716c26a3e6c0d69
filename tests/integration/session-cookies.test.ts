import { createHash } from 'node:crypto';
import * as Iron from 'iron-webcrypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hours } from '#shared/time';
import { createSealer } from '../../bff/session/seal.server';
import { DEMO_USERS, PUBLIC_DEPLOYMENT, readForms, startPortal, type Client } from './harness';
import { useServers } from './servers';
import { viewerNameOf } from './page';

/** docs/architecture.md §4: the two sealed cookies, their attributes and lifetimes, caching of personal answers, tampering. */

const AUTH = '__Host-vptk';
const REFRESH = '__Host-rvptk';
const SIXTY_EIGHT_HOURS = 68 * 60 * 60;
const ONE_YEAR = 365 * 24 * 60 * 60;
const TEACHER = `${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`;

const servers = useServers();

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...parts] = line.split(';').map((p) => p.trim());
  const eq = pair.indexOf('=');
  return {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    attributes: new Map(
      parts.map((part) => {
        const [key = '', ...value] = part.split('=');
        return [key.toLowerCase(), value.join('=')];
      }),
    ),
  };
}

function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie);
}

function expectSessionCookie(cookie: SetCookie | undefined, maxAge: number) {
  expect(cookie).toBeDefined();
  const { value, attributes } = cookie!;
  expect(value).toMatch(/^Fe26\.2\*/);
  expect(attributes.has('httponly')).toBe(true);
  expect(attributes.has('secure')).toBe(true);
  expect(attributes.get('samesite')).toBe('Lax');
  expect(attributes.get('path')).toBe('/');
  expect(attributes.has('domain')).toBe(false);
  expect(attributes.get('max-age')).toBe(String(maxAge));
}

function expectCleared(response: Response, names = [AUTH, REFRESH]) {
  const cookies = setCookies(response);
  for (const name of names) {
    const cookie = cookies.find((c) => c.name === name);
    expect(cookie, `${name} cleared`).toBeDefined();
    expect(cookie!.value).toBe('');
    expect(cookie!.attributes.get('max-age')).toBe('0');
    expect(cookie!.attributes.get('path')).toBe('/');
    expect(cookie!.attributes.has('secure')).toBe(true);
  }
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
}

async function signedIn(user: keyof typeof DEMO_USERS = 'teacher') {
  const client = servers.portal.client();
  const { url } = await client.login(DEMO_USERS[user].email, DEMO_USERS[user].password);
  expect(url).toBe(`${servers.portal.origin}/lk`);
  return client;
}

async function cookieValues(client: Client) {
  const cookies = await client.jar.getCookies(servers.portal.origin);
  const values = Object.fromEntries(cookies.map((c) => [c.key, c.value]));
  return { [AUTH]: values[AUTH]!, [REFRESH]: values[REFRESH]! };
}

/** One request that carries exactly `cookie`, from a client with nothing else in its jar. */
function withCookie(cookie: string, path = '/lk') {
  return servers.portal.client().request(path, { headers: { Cookie: cookie } });
}

describe('signing in sets both cookies with the attributes of docs/architecture.md §4', () => {
  it('the login form', async () => {
    const client = servers.portal.client();
    const response = await client.submit('/login', {
      email: DEMO_USERS.teacher.email,
      password: DEMO_USERS.teacher.password,
    });
    expect(response.status).toBe(303);
    const cookies = setCookies(response);
    // And the device cookie: sealed, httpOnly, host-only like the others.
    expect(cookies.map((c) => c.name).sort()).toEqual([AUTH, REFRESH, `${REFRESH}d`].sort());
    expectSessionCookie(
      cookies.find((c) => c.name === `${REFRESH}d`),
      ONE_YEAR,
    );
    expectSessionCookie(
      cookies.find((c) => c.name === AUTH),
      SIXTY_EIGHT_HOURS,
    );
    expectSessionCookie(
      cookies.find((c) => c.name === REFRESH),
      ONE_YEAR,
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('the login form sent with JavaScript (a /login.data request), and the logout the same way', async () => {
    const client = servers.portal.client();
    const form = readForms(await (await client.request('/login')).text()).find((f) => f.method === 'post')!;
    const login = await client.request('/login.data', {
      form: { ...form.fields, email: DEMO_USERS.teacher.email, password: DEMO_USERS.teacher.password },
    });
    expect(login.status).toBe(202);
    expect(await login.text()).toContain('"redirect","/lk"');
    expectSessionCookie(
      setCookies(login).find((c) => c.name === AUTH),
      SIXTY_EIGHT_HOURS,
    );
    expectSessionCookie(
      setCookies(login).find((c) => c.name === REFRESH),
      ONE_YEAR,
    );
    expect(login.headers.get('Cache-Control')).toBe('private, no-store');
    const logout = await client.request('/logout.data', { form: { redirectTo: '/lk' } });
    expect(await logout.text()).toContain('"redirect","/?signed-out=1"');
    expect(logout.headers.get('Clear-Site-Data')).toBe('"cache", "cookies", "storage"');
    expectCleared(logout);
  });

  it('the admin sign-in', async () => {
    const response = await servers.portal
      .client()
      .submit('/admin-auth', { email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password });
    expect(response.status).toBe(303);
    expectSessionCookie(
      setCookies(response).find((c) => c.name === AUTH),
      SIXTY_EIGHT_HOURS,
    );
    expectSessionCookie(
      setCookies(response).find((c) => c.name === REFRESH),
      ONE_YEAR,
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('a one-time pass link, once «Войти» is pressed; the pass waits in a sealed cookie of its own until then', async () => {
    const { pass } = await servers.upstream.issuePass(DEMO_USERS.participant.email, servers.portal.origin);
    const client = servers.portal.client();
    const opened = await client.request(`/lk?pass=${encodeURIComponent(pass)}`);
    expect(opened.status).toBe(302);
    expect(setCookies(opened).map((c) => c.name)).toEqual(['__Host-rvptkp']);
    expect(opened.headers.getSetCookie()[0]).toMatch(/; Max-Age=1800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(opened.headers.getSetCookie()[0]).not.toContain(pass);
    expect(opened.headers.get('Cache-Control')).toBe('private, no-store');
    const response = await client.submit('/login/pass', {});
    expect(response.status).toBe(303);
    expect(setCookies(response).find((c) => c.name === '__Host-rvptkp')?.value).toBe('');
    expectSessionCookie(
      setCookies(response).find((c) => c.name === AUTH),
      SIXTY_EIGHT_HOURS,
    );
    expectSessionCookie(
      setCookies(response).find((c) => c.name === REFRESH),
      ONE_YEAR,
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('a refresh renews only the auth cookie, with the same attributes', async () => {
    const client = await signedIn();
    const { [REFRESH]: refresh } = await cookieValues(client);
    const response = await withCookie(`${REFRESH}=${refresh}`);
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    expect(cookies.map((c) => c.name)).toEqual([AUTH]);
    expectSessionCookie(cookies[0], SIXTY_EIGHT_HOURS);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('Cache-Control: private, no-store', () => {
  it('on every answer to a signed-in user: pages, data requests, redirects, errors', async () => {
    const client = await signedIn();
    const paths = [
      '/',
      '/week',
      '/lk',
      '/lk/scenarios/5',
      '/profile',
      '/profile/security',
      '/lk.data',
      '/_root.data',
      '/profile.data',
      '/login',
      '/scenarios-id?id=5',
      '/nope',
      '/lk/scenarios/abc',
    ];
    for (const path of paths) {
      const response = await client.request(path);
      await response.arrayBuffer();
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store');
    }
  });

  it('on every answer that sets a cookie, the logout included', async () => {
    const client = await signedIn();
    const response = await client.logout();
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('a guest gets no cookie on pages, and from a form only the browser’s own id with a failure (ADR 216)', async () => {
    const guest = servers.portal.client();
    for (const path of ['/', '/login', '/registration', '/password', '/admin-auth', '/lk', '/_root.data', '/nope']) {
      const response = await guest.request(path);
      await response.arrayBuffer();
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
    const wrong = await guest.submit('/login', { email: DEMO_USERS.teacher.email, password: 'wrong-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('Cache-Control')).toBe('private, no-store');
    // No session: one sealed cookie holding a random id for the limits, for a day, nothing of what was typed.
    const cookies = setCookies(wrong);
    expect(cookies.map((c) => c.name)).toEqual(['__Host-rvptkb']);
    expectSessionCookie(cookies[0], 24 * 60 * 60);
    const sealer = createSealer(['integration-test-secret-integration-test-secret']);
    const kept = (await sealer.unseal(cookies[0]!.value, z.object({ id: z.string() }).strict())) as { id: string };
    expect(kept.id).toMatch(/^[\w-]{16,64}$/);
    expect(kept.id).not.toContain('teacher');
    // The next failure keeps the id it has.
    const again = await guest.submit('/login', { email: DEMO_USERS.teacher.email, password: 'wrong-password-2' });
    expect(again.status).toBe(400);
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});

describe('cookies that the portal did not seal are ignored and cleared', () => {
  let auth: string;
  let refresh: string;

  beforeAll(async () => {
    ({ [AUTH]: auth, [REFRESH]: refresh } = await cookieValues(await signedIn()));
  });

  function tamper(sealed: string) {
    // One character of the encrypted part changed: the MAC no longer matches.
    const parts = sealed.split('*');
    const encrypted = parts[4]!;
    const flipped = encrypted[10] === 'A' ? 'B' : 'A';
    parts[4] = encrypted.slice(0, 10) + flipped + encrypted.slice(11);
    return parts.join('*');
  }

  it('the untouched cookies work (the baseline)', async () => {
    const response = await withCookie(`${AUTH}=${auth}; ${REFRESH}=${refresh}`);
    expect(response.status).toBe(200);
    expect(viewerNameOf(await response.text())).toBe(TEACHER);
  });

  it.each([
    ['both tampered', () => `${AUTH}=${tamper(auth)}; ${REFRESH}=${tamper(refresh)}`],
    ['the auth cookie tampered, no refresh cookie', () => `${AUTH}=${tamper(auth)}`],
    ['the refresh cookie tampered, no auth cookie', () => `${REFRESH}=${tamper(refresh)}`],
    ['garbage values', () => `${AUTH}=abc; ${REFRESH}=Fe26.2**`],
    ['the two values swapped', () => `${AUTH}=${refresh}; ${REFRESH}=${auth}`],
  ])('%s → a guest, cookies cleared', async (_case, cookie) => {
    const statsBefore = await servers.upstream.stats();
    const response = await withCookie(cookie());
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
    const present = cookie()
      .split('; ')
      .map((c) => c.split('=')[0]!);
    expectCleared(response, present);
    // Nothing of a forged cookie is sent upstream.
    expect(await servers.upstream.stats()).toEqual(statsBefore);
  });

  it('a tampered auth cookie beside a genuine refresh cookie → refreshed, the bad cookie replaced', async () => {
    const before = await servers.upstream.stats();
    const response = await withCookie(`${AUTH}=${tamper(auth)}; ${REFRESH}=${refresh}`);
    expect(response.status).toBe(200);
    expect(viewerNameOf(await response.text())).toBe(TEACHER);
    expect((await servers.upstream.stats()).refresh).toBe(before.refresh + 1);
    expectSessionCookie(
      setCookies(response).find((c) => c.name === AUTH),
      SIXTY_EIGHT_HOURS,
    );
  });

  it('a cookie sealed with another secret, claiming to be the admin → a guest', async () => {
    const forger = createSealer(['a-secret-the-attacker-chose-32-chars-long!']);
    const forged = await forger.seal({ uid: 3, at: 'forged-token', iat: Date.now() }, 60_000);
    const before = await servers.upstream.stats();
    const response = await withCookie(`${AUTH}=${forged}`, '/profile');
    expect(response.status).toBe(302);
    expectCleared(response, [AUTH]);
    expect(await servers.upstream.stats()).toEqual(before);
  });

  it('genuine seals under names without the __Host- prefix (as a sibling subdomain could plant) are not read', async () => {
    const response = await withCookie(`vptk=${auth}; rvptk=${refresh}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
  });
});

describe('cookie names follow the public origin (docs/architecture.md §4)', () => {
  it.each([
    ['https://portal.example', PUBLIC_DEPLOYMENT, ['__Host-vptk', '__Host-rvptk'], true],
    // Production refuses a public http origin: a development run still may use one.
    ['http://portal.internal:8080', { NODE_ENV: 'development' }, ['vptk', 'rvptk'], false],
    [
      'https://portal.example',
      { ...PUBLIC_DEPLOYMENT, AUTH_COOKIE_NAME: 'sess', REFRESH_COOKIE_NAME: 'rsess' },
      ['__Host-sess', '__Host-rsess'],
      true,
    ],
  ] as const)('%s %j → %j, Secure: %s', async (publicOrigin, env, names, secure) => {
    const other = await startPortal({
      upstreamUrl: servers.upstream.url,
      env: { PUBLIC_ORIGIN: publicOrigin, ...env },
    });
    try {
      const response = await other
        .client()
        .submit('/login', { email: DEMO_USERS.teacher.email, password: DEMO_USERS.teacher.password });
      expect(response.status).toBe(303);
      const cookies = setCookies(response);
      expect(cookies.map((c) => c.name).sort()).toEqual([...names, `${names[1]}d`].sort());
      for (const cookie of cookies) {
        expect(cookie.attributes.has('secure')).toBe(secure);
        expect(cookie.attributes.has('httponly')).toBe(true);
        expect(cookie.attributes.has('domain')).toBe(false);
      }
    } finally {
      await other.close();
    }
  });
});

describe('the seal’s own expiry and key rotation (SECURITY.md)', () => {
  const SECRET = 'integration-test-secret-integration-test-secret';
  /** The session id every cookie carries since ADR 211; one without it is not read at all. */
  const SID = 'integration-test-session';

  it('an auth cookie past its 68 hours is not accepted, even when a browser still sends it', async () => {
    const client = await signedIn();
    const { [REFRESH]: refresh } = await cookieValues(client);
    // Sealed with the portal's own secret, as the portal would have 69 hours ago.
    const password = { id: createHash('sha256').update(SECRET).digest('hex').slice(0, 8), secret: SECRET };
    const stale = await Iron.seal({ uid: 1, at: 'stale-token', iat: Date.now() - hours(69), sid: SID }, password, {
      ...Iron.defaults,
      ttl: hours(68),
      localtimeOffsetMsec: -hours(69),
    });
    // Control: the same seal made now is read (its made-up token is then refused upstream → sent to /).
    const current = await Iron.seal({ uid: 1, at: 'stale-token', iat: Date.now(), sid: SID }, password, {
      ...Iron.defaults,
      ttl: hours(68),
    });
    expect((await withCookie(`${AUTH}=${current}`)).headers.get('Location')).toBe('/');
    // Expired: not read at all → a guest, sent to sign in, the cookie cleared.
    const alone = await withCookie(`${AUTH}=${stale}`);
    expect(alone.status).toBe(302);
    expect(alone.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
    expectCleared(alone, [AUTH]);
    const before = await servers.upstream.stats();
    const withRefresh = await withCookie(`${AUTH}=${stale}; ${REFRESH}=${refresh}`);
    expect(withRefresh.status).toBe(200);
    expect((await servers.upstream.stats()).refresh).toBe(before.refresh + 1);
  });

  it('a new secret put in front keeps everyone signed in; dropping the old one ends the old cookies', async () => {
    const old = await signedIn();
    const oldCookies = await old.cookieHeader();
    const rotated = await startPortal({
      upstreamUrl: servers.upstream.url,
      env: { SESSION_SECRET: `a-brand-new-secret-for-rotation-tests-0001,${SECRET}` },
    });
    const newOnly = await startPortal({
      upstreamUrl: servers.upstream.url,
      env: { SESSION_SECRET: 'a-brand-new-secret-for-rotation-tests-0001' },
    });
    try {
      const during = await rotated.client().request('/lk', { headers: { Cookie: oldCookies } });
      expect(during.status).toBe(200);
      expect(viewerNameOf(await during.text())).toBe(TEACHER);

      const fresh = rotated.client();
      await fresh.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
      const after = await newOnly.client().request('/lk', { headers: { Cookie: await fresh.cookieHeader() } });
      expect(after.status).toBe(200);

      const stale = await newOnly.client().request('/lk', { headers: { Cookie: oldCookies } });
      expect(stale.status).toBe(302);
      expectCleared(stale);
    } finally {
      await rotated.close();
      await newOnly.close();
    }
  });
});
