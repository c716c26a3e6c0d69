import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, type Portal } from './harness';
import { useServers } from './servers';
import { hours } from '#shared/time';
import { headingOf, viewerNameOf } from './page';

/** docs/product.md §4 and docs/architecture.md §4: refreshing the auth token from the refresh cookie, once, and what happens when it fails. */

const AUTH = '__Host-vptk';
const REFRESH = '__Host-rvptk';
const TEACHER = `${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`;
const CONCURRENT = 50;

const servers = useServers();

async function signIn(target: Portal = servers.portal, user: keyof typeof DEMO_USERS = 'teacher') {
  const client = target.client();
  const { url } = await client.login(DEMO_USERS[user].email, DEMO_USERS[user].password);
  expect(url).toBe(`${target.origin}/lk`);
  return client;
}

/** The Cookie header holding only the refresh cookie: what a browser sends once the 68-hour cookie expired. */
async function refreshCookieOf(client: Client) {
  const cookie = (await client.jar.getCookies(client.origin)).find((c) => c.key === REFRESH);
  expect(cookie).toBeDefined();
  return `${REFRESH}=${cookie!.value}`;
}

/** A fresh browser whose jar holds only the refresh cookie. */
async function browserWithOnly(cookie: string, origin = servers.portal.origin) {
  const client = new Client(origin);
  await client.jar.setCookie(`${cookie}; Path=/; Secure; HttpOnly; SameSite=Lax`, origin);
  expect(await client.cookieNames()).toEqual([REFRESH]);
  return client;
}

async function refreshCalls(target = servers.upstream) {
  return (await target.stats()).refresh;
}

describe('only the refresh cookie left', () => {
  it('a page load refreshes once and sets a new auth cookie', async () => {
    const browser = await browserWithOnly(await refreshCookieOf(await signIn()));
    const before = await refreshCalls();
    const response = await browser.request('/lk/scenarios');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(headingOf(html)).toBe('Сценарии');
    expect(viewerNameOf(html)).toBe(TEACHER);
    expect(await refreshCalls()).toBe(before + 1);
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([AUTH]);
    expect((await browser.cookieNames()).sort()).toEqual([AUTH, REFRESH].sort());
    // The renewed cookie is used from now on: no refresh for the next page.
    const next = await browser.request('/profile');
    expect(next.status).toBe(200);
    expect(await refreshCalls()).toBe(before + 1);
  });

  it(`${CONCURRENT} concurrent requests cause exactly one refresh upstream`, async () => {
    const cookie = await refreshCookieOf(await signIn());
    const before = await servers.upstream.stats();
    const paths = Array.from(
      { length: CONCURRENT },
      (_, i) => ['/lk', '/lk/scenarios/5', '/profile', '/lk.data', '/_root.data'][i % 5]!,
    );
    const responses = await Promise.all(
      paths.map(async (path) => {
        const response = await servers.portal.client().request(path, { headers: { Cookie: cookie } });
        return { path, response, body: await response.text() };
      }),
    );
    const after = await servers.upstream.stats();
    expect(after.refresh - before.refresh).toBe(1);
    // Each request still loaded its own data, signed in.
    expect(after.profile - before.profile).toBe(CONCURRENT);
    for (const { path, response, body } of responses) {
      expect(response.status, path).toBe(200);
      expect(body, path).toContain(DEMO_USERS.teacher.firstName);
      expect(
        response.headers.getSetCookie().map((c) => c.split('=')[0]),
        path,
      ).toEqual([AUTH]);
    }
  });

  it('a refresh the upstream refuses clears both cookies and ends on a page, with no redirect loop', async () => {
    const cookie = await refreshCookieOf(await signIn());
    await servers.upstream.fault({ path: '/rest/users/authentication/refresh/', status: 401, times: 1 });
    const browser = new Client(servers.portal.origin);
    await browser.jar.setCookie(`${cookie}; Path=/; Secure; HttpOnly`, servers.portal.origin);
    // The auth cookie is left to expire as the browser would; only the refresh cookie goes along.
    const first = await browser.request('/lk');
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
    const cleared = first.headers.getSetCookie();
    expect(cleared).toEqual([expect.stringMatching(new RegExp(`^${REFRESH}=;.*Max-Age=0`))]);
    expect(await browser.cookieNames()).toEqual([]);
    const { response, hops } = await browser.follow('/lk');
    expect(hops).toHaveLength(1);
    expect(response.status).toBe(200);
    expect(headingOf(await response.text())).toBe('Вход');
  });

  it('a refused refresh with both cookies present (the auth token revoked) also ends on a page', async () => {
    await servers.upstream.clearFaults();
    const client = await signIn();
    await servers.upstream.fault({ path: '/rest/v2/users/profile/', status: 401, times: 1 });
    await servers.upstream.fault({ path: '/rest/users/authentication/refresh/', status: 401, times: 1 });
    const { response, hops, url } = await client.follow('/lk');
    expect(hops.map((h) => h.location)).toEqual(['/']);
    expect(url).toBe(`${servers.portal.origin}/`);
    expect(response.status).toBe(200);
    expect(viewerNameOf(await response.text())).toBeNull();
    expect(await client.cookieNames()).toEqual([]);
  });
});

describe('a burst of requests whose auth token the upstream refuses (401 storm)', () => {
  // The upstream's clock is moved past the auth token's lifetime, so every request of the burst holds an
  // expired token at once, however the requests interleave; the renewed token stays valid.
  let clockOffset = 0;
  const storm = useServers({ upstream: { now: () => Date.now() + clockOffset } });

  it('renews once for all of them', async () => {
    const client = await signIn(storm.portal);
    const cookie = await client.cookieHeader();
    clockOffset = hours(2);
    const before = await storm.upstream.stats();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => storm.portal.client().request('/lk', { headers: { Cookie: cookie } })),
    );
    const bodies = await Promise.all(responses.map((r) => r.text()));
    const after = await storm.upstream.stats();
    expect(after.refresh - before.refresh).toBe(1);
    expect(after.profile - before.profile).toBe(40);
    responses.forEach((response, i) => {
      expect(response.status).toBe(200);
      expect(viewerNameOf(bodies[i]!)).toBe(TEACHER);
    });
  });
});

describe('an auth token that expired upstream (1 s lifetime)', () => {
  const shortLived = useServers({ upstream: { authTokenTtlSeconds: 1 } });

  it('is renewed once and the page still renders', async () => {
    const client = await signIn(shortLived.portal);
    // Time is the subject here: the token must really be past its lifetime.
    await sleep(1_200);
    const before = await shortLived.upstream.stats();
    const response = await client.request('/lk/master-classes');
    const html = await response.text();
    const after = await shortLived.upstream.stats();
    expect(response.status).toBe(200);
    expect(headingOf(html)).toBe('Мастер-классы');
    expect(viewerNameOf(html)).toBe(TEACHER);
    expect(after.refresh - before.refresh).toBe(1);
    expect(after.profile - before.profile).toBe(2);
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([AUTH]);
    // The renewed token is in the new cookie: the next page needs no refresh.
    const next = await client.request('/lk');
    expect(next.status).toBe(200);
    expect((await shortLived.upstream.stats()).refresh).toBe(after.refresh);
  });
});

describe('after logout', () => {
  it('a refresh cookie replayed right after logout (its refresh still remembered for reuse) signs no one in', async () => {
    const client = await signIn();
    const refreshOnly = await refreshCookieOf(client);
    // The refresh cookie alone loads a page: its outcome is kept for reuse by concurrent requests.
    expect((await (await browserWithOnly(refreshOnly)).request('/lk')).status).toBe(200);
    expect((await client.logout('/lk')).status).toBe(303);
    const replay = await browserWithOnly(refreshOnly);
    const { response, url } = await replay.follow('/lk');
    expect(response.status).toBe(200);
    expect(url).not.toBe(`${servers.portal.origin}/lk`);
    expect(viewerNameOf(await response.text())).toBeNull();
    expect(await replay.cookieNames()).toEqual([]);
  });
  it('cookies copied before the logout no longer sign anyone in', async () => {
    const client = await signIn();
    const stolen = await client.cookieHeader();
    const refreshOnly = await refreshCookieOf(client);
    const logout = await client.logout('/lk/scenarios');
    expect(logout.status).toBe(303);
    // The signed-out visitor lands on the front page that says «Вы вышли».
    expect(logout.headers.get('Location')).toBe('/?signed-out=1');
    expect((await servers.upstream.stats()).logout).toBeGreaterThanOrEqual(1);

    // Both cookies replayed: the auth token is revoked, its refresh too → signed out, cookies cleared.
    const replay = new Client(servers.portal.origin);
    const both = await replay.request('/lk', { headers: { Cookie: stolen } });
    expect(both.status).toBe(302);
    expect(both.headers.getSetCookie()).toHaveLength(2);
    const home = await replay.follow(both.headers.get('Location')!);
    expect(home.response.status).toBe(200);
    expect(viewerNameOf(await home.response.text())).toBeNull();

    // The refresh cookie alone: refused by the portal itself, which records every logout, so not even
    // the upstream is asked → the login page.
    const before = await refreshCalls();
    const { response, hops } = await (await browserWithOnly(refreshOnly)).follow('/lk');
    expect(hops.map((h) => h.location)).toEqual(['/login?redirectTo=%2Flk']);
    expect(response.status).toBe(200);
    expect(headingOf(await response.text())).toBe('Вход');
    expect(await refreshCalls()).toBe(before);
  });
});
