import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contract } from '#contract';
import { MOCK_UPSTREAM, mockUser, ok, urlOf, workingUpstream } from '../mocks/upstream';
import { Client, startPortal, type Portal } from './harness';

/**
 * docs/architecture.md §5 and docs/product.md §7: what the portal sends to /rest — method, path, the version header, Accept, the token as
 * a query parameter, JSON bodies — recorded at the network boundary during a short journey.
 */

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

const sent: Sent[] = [];
const bodiesRead: Promise<void>[] = [];
const server = setupServer(...workingUpstream);
let portal: Portal;

/** What the cabinet home reads besides the session: its cards (the open dictation's among them). */
const HOME_CONTENT_PATHS = new Set(
  (
    [
      'dictationEvents',
      'bannersList',
      'weekList',
      'weekParticipation',
      'certificate',
      'webinarsList',
      'myDictations',
      'unseenReplies',
    ] as const
  ).map((call): string => contract[call].path),
);
/** The content reads the contract says are the same for everyone: sent without any token. */
const SHARED_PATHS = new Set(Object.values(contract).flatMap((def) => (def.shared ? [def.path as string] : [])));

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== MOCK_UPSTREAM) return;
    const call: Sent = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(request.headers),
      body: undefined,
    };
    sent.push(call);
    bodiesRead.push(
      request
        .clone()
        .text()
        .then((text) => void (call.body = text ? JSON.parse(text) : undefined)),
    );
  });
  portal = await startPortal({ upstreamUrl: `${MOCK_UPSTREAM}/`, env: { REST_API_VERSION: '2' } });
});

afterAll(async () => {
  await portal?.close();
  server.close();
});

it('every call carries Accept, the configured version, its token as a query parameter, and JSON bodies', async () => {
  server.use(http.put(urlOf('popup'), () => ok('popup', {})));
  const browser = new Client(portal.origin);
  // Each step below makes the calls listed afterwards: sign in (+ the cabinet), the refresh cookie alone,
  // the cabinet and its welcome notice dismissed, the cabinet and its logout form.
  await browser.login(mockUser.email, 'typed-password');
  const refreshOnly = (await browser.cookieHeader()).split('; ').find((c) => c.startsWith('__Host-rvptk='))!;
  expect((await new Client(portal.origin).request('/lk', { headers: { Cookie: refreshOnly } })).status).toBe(200);
  expect((await browser.submit('/lk', {}, { action: '/popups' })).status).toBe(303);
  expect((await browser.logout('/lk')).status).toBe(303);
  await Promise.all(bodiesRead);

  // The cabinet home's content reads (banners, the certificate, the program; the dictation's fresh results) come and
  // go with the read cache, and the layout's new-answer count comes with every cabinet page; they are checked for their
  // token below with the rest (the shared ones carry none), and the sequence is asserted for the session's own calls.
  const content = sent.filter((s) => HOME_CONTENT_PATHS.has(s.path));
  expect(content.length).toBeGreaterThanOrEqual(HOME_CONTENT_PATHS.size);
  for (const call of content) {
    if (SHARED_PATHS.has(call.path)) expect(call.query.token, call.path).toBeUndefined();
    else expect(call.query.token, call.path).toMatch(/^mock-auth-/);
  }
  expect(content.some((call) => SHARED_PATHS.has(call.path))).toBe(true);
  const session = sent.filter((s) => !HOME_CONTENT_PATHS.has(s.path));
  const calls = session.map((s) => `${s.method} ${s.path}`);
  expect(calls).toEqual([
    'POST /rest/users/authentication/login/',
    'GET /rest/v2/users/profile/',
    'POST /rest/users/authentication/refresh/',
    'GET /rest/v2/users/profile/',
    'GET /rest/v2/users/profile/', // the cabinet page the popup form is on
    'PUT /rest/v2/users/profile/popup/',
    'GET /rest/v2/users/profile/',
    'POST /rest/users/authentication/logout/',
  ]);
  for (const call of sent) {
    expect(call.headers.accept, call.path).toBe('application/json');
    expect(call.headers['x-api-version'], call.path).toBe('2');
    // Credentials travel only as the `token` query parameter, never as a cookie or header.
    expect(call.headers.cookie, call.path).toBeUndefined();
    expect(call.headers.authorization, call.path).toBeUndefined();
  }

  const [login, profile, refresh, , , popup, , logout] = session;
  expect(login!.headers['content-type']).toBe('application/json');
  expect(login!.body).toEqual({ login: mockUser.email, password: 'typed-password' });
  expect(login!.query).toEqual({});
  expect(profile!.query).toEqual({ token: expect.stringMatching(/^mock-auth-/) });
  expect(profile!.body).toBeUndefined();
  expect(refresh!.query).toEqual({ token: expect.stringMatching(/^mock-refresh-/), type: 'prolong' });
  expect(popup!.query).toEqual({ popup: 'welcome', value: 'Y', token: expect.stringMatching(/^mock-auth-/) });
  expect(logout!.query).toEqual({ debug: 'Y', token: expect.stringMatching(/^mock-auth-/) });
  expect(logout!.body).toBeUndefined();
});
