import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, readForms, type Client } from './harness';
import { useServers } from './servers';
import { viewerNameOf } from './page';

/**
 * docs/architecture.md §3: the origin check guards every non-GET request on every path, before Remix: document posts, data
 * requests in both forms (`.data`, `?_data=`) and resource routes. A refused request never reaches the upstream.
 */

const actionPaths = [
  // document routes with actions
  '/login',
  '/login/pass',
  '/dictation2024-login',
  '/registration',
  '/password',
  '/password?step=confirm',
  '/admin-auth',
  '/profile',
  '/profile/security',
  // resource routes
  '/logout',
  '/popups',
  // single-fetch data requests
  '/login.data',
  '/login/pass.data',
  '/_root.data',
  '/registration.data',
  '/password.data',
  '/admin-auth.data',
  '/profile.data',
  '/profile/security.data',
  '/logout.data',
  '/popups.data',
  // the older data-request form
  '/login?_data=routes/default/login',
  '/logout?_data=routes/logout',
  '/profile?_data=routes/profile/index',
  '/popups?_data=routes/popups',
  // paths without an action
  '/lk',
  '/nope',
];

type Variant = { name: string; site: 'cross-site' | 'same-site' | 'same-origin' | 'none' | null; origin?: string };

const foreign: Variant[] = [
  { name: 'Sec-Fetch-Site: cross-site', site: 'cross-site' },
  { name: 'Sec-Fetch-Site: same-site (a sibling subdomain)', site: 'same-site' },
  { name: 'Sec-Fetch-Site: cross-site, even with our own Origin', site: 'cross-site', origin: 'SELF' },
  { name: 'no Sec-Fetch-Site, a foreign Origin', site: null, origin: 'https://evil.example' },
  { name: 'no Sec-Fetch-Site, Origin: null', site: null, origin: 'null' },
  { name: 'no Sec-Fetch-Site, our host on another port', site: null, origin: 'http://localhost:1' },
  { name: 'no Sec-Fetch-Site, no Origin', site: null },
  // An Origin that contradicts Sec-Fetch-Site is a forgery, not a same-origin request (Remix would throw: a 500).
  { name: 'Sec-Fetch-Site: same-origin, a foreign Origin', site: 'same-origin', origin: 'https://evil.example' },
  { name: 'Sec-Fetch-Site: same-origin, Origin: null', site: 'same-origin', origin: 'null' },
  { name: 'Sec-Fetch-Site: none, a foreign Origin', site: 'none', origin: 'https://evil.example' },
];

const methods = ['POST', 'PUT', 'DELETE', 'PATCH'];

let teacher: Client;
/** A body every action would act on: credentials, honeypot, profile fields, passwords, a popup. */
let payload: Record<string, string>;

const servers = useServers();

beforeAll(async () => {
  teacher = servers.portal.client();
  expect((await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password)).url).toBe(
    `${servers.portal.origin}/lk`,
  );
  const loginForm = readForms(await (await servers.portal.client().request('/login')).text()).find(
    (f) => f.method === 'post',
  )!;
  payload = {
    ...loginForm.fields,
    email: DEMO_USERS.teacher.email,
    password: DEMO_USERS.teacher.password,
    lastName: 'Взломщик',
    firstName: 'Злой',
    phone: '+7 (900) 000-00-00',
    currentPassword: DEMO_USERS.teacher.password,
    newPassword: 'attacker-password',
    passwordConfirm: 'attacker-password',
    consent: 'on',
    intent: 'request',
    popup: 'welcome',
  };
});

describe('cross-origin mutations are refused before anything runs', () => {
  it.each(foreign)('$name', async ({ site, origin }) => {
    const before = await servers.upstream.stats();
    for (const path of actionPaths) {
      for (const method of methods) {
        const headers = origin ? { Origin: origin === 'SELF' ? servers.portal.origin : origin } : undefined;
        const response = await teacher.request(path, { method, site, headers, form: payload });
        const label = `${method} ${path}`;
        expect(response.status, label).toBe(403);
        expect(response.headers.getSetCookie(), label).toEqual([]);
        expect(await response.text(), label).toBe('Запрос отклонён: он отправлен с другого сайта.');
      }
    }
    // Nothing reached the upstream: no login, no logout, no profile change, no popup, no password change.
    expect(await servers.upstream.stats()).toEqual(before);
  });

  it('our own Origin naming another host than the request’s (X-Forwarded-Host, Host) is a 403, never a 500', async () => {
    const before = await servers.upstream.stats();
    for (const headers of [{ 'X-Forwarded-Host': 'evil.example' }, { 'X-Forwarded-Host': 'evil.example, localhost' }]) {
      const response = await teacher.request('/login', {
        site: 'same-origin',
        headers: { ...headers, Origin: servers.portal.origin },
        form: payload,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toBe('Запрос отклонён: он отправлен с другого сайта.');
    }
    expect(await servers.upstream.stats()).toEqual(before);
  });

  it('and the teacher is untouched: still signed in, same name, same password', async () => {
    const page = await teacher.request('/profile');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(viewerNameOf(html)).toBe(`${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`);
    expect(html).toContain(`value="${DEMO_USERS.teacher.lastName}"`);
    expect((await servers.portal.client().login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password)).url).toBe(
      `${servers.portal.origin}/lk`,
    );
  });
});

describe('same-origin mutations pass', () => {
  it.each(actionPaths)('POST %s is not refused', async (path) => {
    const client = servers.portal.client();
    const response = await client.request(path, { method: 'POST', form: { popup: 'welcome' } });
    expect(response.status).not.toBe(403);
  });

  it('the login form (Sec-Fetch-Site: same-origin) signs in', async () => {
    const before = await servers.upstream.stats();
    const response = await servers.portal
      .client()
      .submit('/login', { email: DEMO_USERS.participant.email, password: DEMO_USERS.participant.password });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/lk');
    expect((await servers.upstream.stats()).login).toBe(before.login + 1);
  });

  it('an older browser that sends only Origin, equal to ours, signs in', async () => {
    const client = servers.portal.client();
    const form = readForms(await (await client.request('/login')).text()).find((f) => f.method === 'post')!;
    const response = await client.request('/login', {
      site: null,
      headers: { Origin: servers.portal.origin },
      form: { ...form.fields, email: DEMO_USERS.participant.email, password: DEMO_USERS.participant.password },
    });
    expect(response.status).toBe(303);
    // Both session cookies, and the device cookie of a successful sign-in.
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      '__Host-vptk',
      '__Host-rvptk',
      '__Host-rvptkd',
    ]);
  });

  it('a same-origin data request (.data) to the popup route reaches the upstream', async () => {
    const before = await servers.upstream.stats();
    const response = await teacher.request('/popups.data', { form: { popup: 'welcome', redirectTo: '/lk' } });
    expect(response.status).not.toBe(403);
    expect((await servers.upstream.stats()).popup).toBe(before.popup + 1);
  });
});

it('safe methods are never refused, whatever the site', async () => {
  for (const method of ['GET', 'HEAD']) {
    const response = await teacher.request('/lk', {
      method,
      site: 'cross-site',
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  }
});
