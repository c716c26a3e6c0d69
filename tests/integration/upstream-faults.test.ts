import { delay, http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallName } from '#contract';
import { failure, MOCK_UPSTREAM, mockUser, ok, urlOf, workingUpstream } from '../mocks/upstream';
import { freePort } from '../../lab/services/redis';
import { Client, startPortal, type Portal } from './harness';
import { formAlertOf, headingOf, stackTraceIn, titleOf, viewerNameOf } from './page';

/**
 * docs/architecture.md §6 against an upstream that misbehaves on purpose (MSW): what a signed-in user sees for every kind of
 * failure, how GETs are retried and mutations are not, and that the server keeps serving afterwards.
 */

const PRODUCT = 'Образовательный портал';
const TIMEOUT_MS = 300;
const RETRY_BASE_MS = 10;
const UNAVAILABLE =
  'Сервис не ответил: это сбой на нашей стороне, а не в вашем подключении. Введённое осталось в форме — отправьте её ещё раз через минуту.';
const catalogue = {
  404: 'Запрашиваемая страница не существует.',
  408: 'Проверьте подключение к интернету и обновите страницу.',
  504: 'Сервис не отвечает. Это сбой на нашей стороне, а не в вашем подключении к интернету',
  500: 'Перезагрузите страницу.',
};

const server = setupServer(...workingUpstream);
let portal: Portal;

beforeAll(async () => {
  // Before the portal starts: it takes the global fetch, which MSW has now wrapped.
  server.listen({ onUnhandledRequest: 'error' });
  portal = await startPortal({
    upstreamUrl: MOCK_UPSTREAM,
    env: { REST_TIMEOUT_MS: String(TIMEOUT_MS), REST_RETRY_BASE_MS: String(RETRY_BASE_MS), REST_RETRY_MAX_MS: '40' },
  });
});

afterEach(async () => {
  server.resetHandlers();
  // After every fault the server is still up and serving pages.
  expect((await fetch(`${portal.origin}/robots.txt`)).status).toBe(200);
  const home = await portal.client().request('/');
  expect(home.status).toBe(200);
  expect(headingOf(await home.text())).toBe(PRODUCT);
});

afterAll(async () => {
  await portal?.close();
  server.close();
});

/** Puts `resolver` in front of the working handler for `call`, recording when each request arrived. */
function breakCall(call: CallName, resolver: HttpResponseResolver) {
  const arrivals: number[] = [];
  const method = contract[call].method.toLowerCase() as 'get' | 'post' | 'put';
  server.use(
    http[method](urlOf(call), (info) => {
      arrivals.push(performance.now());
      return resolver(info);
    }),
  );
  return arrivals;
}

async function signedInClient(origin = portal.origin) {
  const client = new Client(origin);
  const { url } = await client.login(mockUser.email, 'any-password');
  expect(url).toBe(`${origin}/lk`);
  return client;
}

async function load(client: Client, path = '/profile') {
  const response = await client.request(path);
  const html = await response.text();
  expect(stackTraceIn(html), 'a stack trace or source path in the page').toBeNull();
  return { response, status: response.status, html };
}

function mainOf(html: string) {
  return /<main\b[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? null;
}

describe('a signed-in page when the profile call fails', () => {
  it('works when nothing fails (the baseline the faults depart from)', async () => {
    const client = await signedInClient();
    const { status, html } = await load(client);
    expect(status).toBe(200);
    expect(viewerNameOf(html)).toBe('Мария Петрова');
  });

  it('500 → the 500 page, after the GET was retried', async () => {
    const client = await signedInClient();
    const arrivals = breakCall('profile', () => failure(500));
    const { status, html } = await load(client);
    expect(status).toBe(500);
    expect(headingOf(html)).toBe('Ошибка 500');
    expect(html).toContain(catalogue[500]);
    expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 500`);
    expect(arrivals).toHaveLength(4);
  });

  it('404 → the 404 page, not retried', async () => {
    const client = await signedInClient();
    const arrivals = breakCall('profile', () => failure(404));
    const { status, html } = await load(client);
    expect(status).toBe(404);
    expect(headingOf(html)).toBe('Ошибка 404');
    expect(html).toContain(catalogue[404]);
    expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 404`);
    expect(arrivals).toHaveLength(1);
  });

  it('418 (any other status) → that status and an error page without content', async () => {
    const client = await signedInClient();
    breakCall('profile', () => failure(418));
    const { status, html } = await load(client);
    expect(status).toBe(418);
    expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 418`);
    expect(mainOf(html)?.trim()).toBe('');
    for (const text of [...Object.values(catalogue), 'Ошибка 404', 'Ошибка 408', 'Ошибка 500', 'Ошибка 504']) {
      expect(html).not.toContain(text);
    }
  });

  it('401 and the refresh refused → redirect to / with both cookies cleared', async () => {
    const client = await signedInClient();
    breakCall('profile', () => failure(401));
    const refreshes = breakCall('refresh', () => failure(401));
    const { response } = await load(client);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
    const cleared = response.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    for (const name of ['__Host-vptk', '__Host-rvptk']) {
      expect(cleared.find((c) => c.startsWith(`${name}=;`))).toMatch(/Max-Age=0/);
    }
    expect(await client.cookieNames()).toEqual([]);
    expect(refreshes).toHaveLength(1);
    const home = await load(client, '/');
    expect(home.status).toBe(200);
    expect(viewerNameOf(home.html)).toBeNull();
  });

  it('401 and the refresh accepted → the page renders with the renewed token, one refresh', async () => {
    const client = await signedInClient();
    let refused = false;
    const profiles = breakCall('profile', ({ request }) => {
      if (refused) return ok('profile', mockUser);
      refused = true;
      expect(new URL(request.url).searchParams.get('token')).toBeTruthy();
      return failure(401);
    });
    const refreshes = breakCall('refresh', () => ok('refresh', { id: mockUser.id, token: { authToken: 'renewed' } }));
    const { status, html, response } = await load(client);
    expect(status).toBe(200);
    expect(viewerNameOf(html)).toBe('Мария Петрова');
    expect(profiles).toHaveLength(2);
    expect(refreshes).toHaveLength(1);
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['__Host-vptk']);
  });

  it('a refresh the upstream cannot answer (503) → the 503 page, and the session is kept for later', async () => {
    const client = await signedInClient();
    const refreshOnly = (await client.cookieHeader())
      .split('; ')
      .filter((c) => c.startsWith('__Host-rvptk='))
      .join('; ');
    const refreshes = breakCall('refresh', () => failure(503));
    const response = await new Client(portal.origin).request('/profile', { headers: { Cookie: refreshOnly } });
    expect(response.status).toBe(503);
    expect(stackTraceIn(await response.text())).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
    // Refresh is a POST: it is never retried.
    expect(refreshes).toHaveLength(1);
    server.resetHandlers();
    const later = await new Client(portal.origin).request('/profile', { headers: { Cookie: refreshOnly } });
    expect(later.status).toBe(200);
    expect(viewerNameOf(await later.text())).toBe('Мария Петрова');
  });

  it('a timeout → the 504 page («the service does not answer»), after retries', async () => {
    const client = await signedInClient();
    const arrivals = breakCall('profile', async () => {
      await delay(TIMEOUT_MS * 5);
      return ok('profile', mockUser);
    });
    const { status, html } = await load(client);
    // The provider's silence is the server's fault: never the catalogue's 408 about the visitor's internet.
    expect(status).toBe(504);
    expect(headingOf(html)).toBe('Ошибка 504');
    expect(html).toContain(catalogue[504]);
    expect(html).not.toContain(catalogue[408]);
    expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 504`);
    expect(arrivals).toHaveLength(4);
  });

  it('a body that is not JSON → 500', async () => {
    const client = await signedInClient();
    breakCall(
      'profile',
      () => new HttpResponse('<!doctype html><title>502</title>', { headers: { 'Content-Type': 'application/json' } }),
    );
    const { status, html } = await load(client);
    expect(status).toBe(500);
    expect(headingOf(html)).toBe('Ошибка 500');
  });

  it('a valid envelope whose result misses fields → 500', async () => {
    const client = await signedInClient();
    breakCall('profile', () =>
      HttpResponse.json({ success: true, result: { id: mockUser.id, email: mockUser.email }, errors: [] }),
    );
    const { status, html } = await load(client);
    expect(status).toBe(500);
    expect(headingOf(html)).toBe('Ошибка 500');
  });

  it('a redirect from the upstream is not followed → 500', async () => {
    const client = await signedInClient();
    const elsewhere = breakCall('profile', () => HttpResponse.redirect('http://upstream.test/elsewhere', 302));
    const { status } = await load(client);
    expect(status).toBe(500);
    expect(elsewhere).toHaveLength(1);
  });

  it('a data request (.data) gets the status and no details either', async () => {
    const client = await signedInClient();
    breakCall('profile', () => failure(500));
    const response = await client.request('/_root.data');
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(stackTraceIn(body)).toBeNull();
    expect(body).not.toContain('UpstreamError');
  });
});

describe('retries (docs/architecture.md §6)', () => {
  it('a GET answered 503 every time is tried 4 times with growing pauses', async () => {
    const client = await signedInClient();
    const arrivals = breakCall('profile', () => failure(503));
    const { status } = await load(client);
    expect(status).toBe(503);
    expect(arrivals).toHaveLength(4);
    const pauses = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    // Backoff doubles from the base: at least 10, 20, 40 ms between attempts (minus timer rounding).
    pauses.forEach((pause, i) => expect(pause).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 ** i - 1));
  });

  it('a GET that recovers on the second try renders the page', async () => {
    const client = await signedInClient();
    let first = true;
    const arrivals = breakCall('profile', () => {
      if (!first) return ok('profile', mockUser);
      first = false;
      return failure(502);
    });
    const { status, html } = await load(client);
    expect(status).toBe(200);
    expect(viewerNameOf(html)).toBe('Мария Петрова');
    expect(arrivals).toHaveLength(2);
  });

  it('429 with Retry-After is retried after the pause the upstream asked for (capped by the configured maximum)', async () => {
    const client = await signedInClient();
    let first = true;
    const arrivals = breakCall('profile', () => {
      if (!first) return ok('profile', mockUser);
      first = false;
      return HttpResponse.json(
        { success: false, result: null, errors: [] },
        { status: 429, headers: { 'Retry-After': '1' } },
      );
    });
    const { status } = await load(client);
    expect(status).toBe(200);
    expect(arrivals).toHaveLength(2);
    // Without Retry-After the first pause is 10 ms; asked for 1 s, it is the 40 ms cap.
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(39);
  });

  it('a PUT (profile update) answered 503 is sent once; the form keeps what was typed', async () => {
    const client = await signedInClient();
    const arrivals = breakCall('updateProfile', () => failure(503));
    const response = await client.submit('/profile', { city: 'Самара' }, { action: '/profile' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(formAlertOf(html)).toBe('Не удалось выполнить запрос (ошибка 503). Попробуйте ещё раз.');
    expect(html).toContain('value="Самара"');
    expect(html).not.toContain('Сохранено');
    expect(arrivals).toHaveLength(1);
  });

  it('a POST (login) answered 503 is sent once and never retried; the form comes back with what was typed', async () => {
    const client = new Client(portal.origin);
    const arrivals = breakCall('login', () => failure(503));
    const response = await client.submit('/login', { email: mockUser.email, password: 'any-password' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(formAlertOf(html)).toBe('Не удалось выполнить запрос (ошибка 503). Попробуйте ещё раз.');
    expect(html).toContain(`value="${mockUser.email}"`);
    expect(html).not.toContain('any-password');
    expect(stackTraceIn(html)).toBeNull();
    expect(arrivals).toHaveLength(1);
    expect(await client.cookieNames()).toEqual([]);
  });

  it('a POST (login) that times out is sent once; the form says the server did not answer', async () => {
    const client = new Client(portal.origin);
    const arrivals = breakCall('login', async () => {
      await delay(TIMEOUT_MS * 5);
      return ok('login', { id: 1, token: { authToken: 'late', refreshToken: 'late' } });
    });
    const response = await client.submit('/login', { email: mockUser.email, password: 'any-password' });
    expect(response.status).toBe(400);
    expect(formAlertOf(await response.text())).toBe(UNAVAILABLE);
    expect(arrivals).toHaveLength(1);
    expect(await client.cookieNames()).toEqual([]);
  });
});

describe('an upstream nobody listens on (connection refused, no MSW handler involved)', () => {
  let unreachable: Portal;

  beforeAll(async () => {
    const closedPort = await freePort();
    unreachable = await startPortal({
      upstreamUrl: `http://127.0.0.1:${closedPort}`,
      env: { REST_RETRY_BASE_MS: '10' },
    });
  });

  afterAll(async () => {
    await unreachable?.close();
  });

  it('a signed-in page → 504, with where to write though the root loader failed', async () => {
    // The session cookies of the mocked portal are valid here too: same secret, same names.
    const cookie = await (await signedInClient()).cookieHeader();
    const response = await unreachable.client().request('/profile', { headers: { Cookie: cookie } });
    const html = await response.text();
    expect(response.status).toBe(504);
    expect(headingOf(html)).toBe('Ошибка 504');
    expect(titleOf(html)).toBe(`${PRODUCT} | Ошибка 504`);
    expect(html).toContain('href="mailto:');
    expect(stackTraceIn(html)).toBeNull();
    expect((await fetch(`${unreachable.origin}/robots.txt`)).status).toBe(200);
    // A public page that needs no upstream (/week shows the program from the upstream).
    expect((await unreachable.client().request('/login')).status).toBe(200);
  });

  it('signing in → the form says the server did not answer, no cookie', async () => {
    const client = unreachable.client();
    const response = await client.submit('/login', { email: mockUser.email, password: 'any-password' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(formAlertOf(html)).toBe(UNAVAILABLE);
    expect(stackTraceIn(html)).toBeNull();
    expect(await client.cookieNames()).toEqual([]);
  });
});
