import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.server';
import { createLogger } from '../log.server';
import { createUpstreamClient } from './client.server';
import { VERSION_HEADER } from '#contract';
import { isUpstreamError, pageStatusOf, type UpstreamError } from './errors.server';

const profile = {
  id: 1,
  email: 'a@b.ru',
  firstName: 'Анна',
  lastName: 'Иванова',
  middleName: '',
  phone: '79001234567',
  city: '',
  organization: '',
  role: 'teacher',
  emailConfirmed: true,
  pendingEmail: null,
  popups: {},
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function setup(responses: Array<Response | Error>, logLines: string[] = []) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: URL | string, init?: RequestInit) => {
    calls.push({ url: new URL(url), init: init ?? {} });
    const next = responses.shift() ?? new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const config = loadConfig({ REST_API_URL: 'http://upstream.test/base' });
  const send = createUpstreamClient({
    config,
    log: createLogger({ logLevel: 'info' }, { write: (line: string) => void logLines.push(line) }),
    fetch: fetch as typeof globalThis.fetch,
  });
  return { send, calls, fetch };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isUpstreamError(error)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe('request building', () => {
  it('sends the contract path under the base URL, the token, version header and Accept', async () => {
    const { send, calls } = setup([json({ success: true, result: profile, errors: [] })]);
    await expect(send('profile', { token: 'tk' })).resolves.toEqual(profile);
    const { url, init } = calls[0]!;
    expect(url.origin + url.pathname).toBe('http://upstream.test/base/rest/v2/users/profile/');
    expect(url.searchParams.get('token')).toBe('tk');
    const headers = init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers[VERSION_HEADER]).toBe('1');
    expect(init.redirect).toBe('manual');
  });

  it('sends the refresh token as the token query with type=prolong, and bodies as JSON', async () => {
    const { send, calls } = setup([
      json({ success: true, result: { id: 1, token: { authToken: 'a2' } } }),
      json({ success: true, result: { id: 1, token: { authToken: 'a', refreshToken: 'r' } } }),
    ]);
    await send('refresh', { query: { token: 'rt', type: 'prolong' } });
    expect(calls[0]!.url.search).toBe('?token=rt&type=prolong');
    await send('login', { body: { login: 'A@B.ru', password: 'pw' } });
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ login: 'a@b.ru', password: 'pw' });
  });
});

describe('the profile of a provider that does not confirm addresses (ADR 214)', () => {
  it('reads a profile without emailConfirmed as confirmed: nobody is reminded (nor of a change, ADR 214)', async () => {
    const { emailConfirmed, pendingEmail, ...withoutIt } = profile;
    void emailConfirmed;
    void pendingEmail;
    const { send } = setup([json({ success: true, result: withoutIt, errors: [] })]);
    await expect(send('profile', { token: 'tk' })).resolves.toEqual({
      ...withoutIt,
      emailConfirmed: true,
      pendingEmail: null,
    });
  });
});

describe('envelope and error mapping', () => {
  it.each([
    [
      'HTTP 401',
      () => json({ success: false, result: null, errors: [{ code: 'unauthorized', message: 'x' }] }, 401),
      'unauthorized',
      401,
    ],
    [
      'success:false with errors',
      () => json({ success: false, result: null, errors: [{ code: 'taken', message: 'Занято', field: 'email' }] }, 409),
      'rejected',
      409,
    ],
    [
      'a 500 envelope',
      () => json({ success: false, result: null, errors: [{ code: 'x', message: 'y' }] }, 500),
      'status',
      500,
    ],
    ['a 404 without envelope', () => new Response('not here', { status: 404 }), 'status', 404],
    ['a 418', () => json({ nope: true }, 418), 'status', 418],
    ['malformed JSON with 200', () => new Response('<html>', { status: 200 }), 'malformed', 500],
    ['a wrong result shape', () => json({ success: true, result: { id: 'x' } }), 'malformed', 500],
    [
      'a redirect',
      () => new Response(null, { status: 302, headers: { Location: 'http://elsewhere' } }),
      'malformed',
      500,
    ],
  ] as const)('%s', async (_name, response, failureKind, pageStatus) => {
    const { send } = setup([response(), response(), response(), response()]);
    const body = { firstName: 'А', lastName: 'Б', middleName: '', phone: '79001234567', city: '', organization: '' };
    const error = await failure(send('updateProfile', { token: 't', body }));
    expect(error.failure).toBe(failureKind);
    expect(pageStatusOf(error)).toBe(pageStatus);
  });

  it('keeps the upstream errors of a rejection for the form', async () => {
    const errors = [{ code: 'taken', message: 'Занято', field: 'email' }];
    const { send } = setup([json({ success: false, result: null, errors }, 409)]);
    const error = await failure(
      send('register', {
        body: {
          email: 'a@b.ru',
          password: 'xxxxxxxx',
          firstName: 'А',
          lastName: 'Б',
          phone: '79001234567',
          portalOrigin: 'http://localhost:3000',
        },
      }),
    );
    expect(error.errors).toEqual(errors);
  });

  it('logs an upstream error by its code and field, never by its message, which may quote the user', async () => {
    const logLines: string[] = [];
    const errors = [{ code: 'taken', message: 'Адрес secret.person@example.org уже занят', field: 'email' }];
    const { send } = setup([json({ success: false, result: null, errors }, 409)], logLines);
    await failure(send('restoreSend', { body: { email: 'secret.person@example.org' } }));
    expect(logLines).toHaveLength(1);
    expect(JSON.parse(logLines[0]!)).toMatchObject({
      call: 'restoreSend',
      errors: [{ reason: 'taken', field: 'email' }],
    });
    expect(logLines[0]).not.toContain('secret.person');
  });

  it('maps a network failure to 504 (the provider’s, not the browser’s) and never puts the URL or token in the message', async () => {
    const { send } = setup([new TypeError('fetch failed'), new TypeError('x'), new TypeError('x'), new TypeError('x')]);
    const error = await failure(send('logout', { token: 'secret-token', query: { debug: 'Y' } }));
    expect(error.failure).toBe('unavailable');
    expect(pageStatusOf(error)).toBe(504);
    expect(error.message).not.toContain('secret-token');
    expect(error.message).not.toContain('http');
  });
});

describe('retries', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('retries a GET 3 times with backoff doubling from 1 s', async () => {
    const { send, fetch } = setup([
      json({}, 503),
      new TypeError('refused'),
      json({}, 502),
      json({ success: true, result: profile }),
    ]);
    const result = send('profile', { token: 't' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetch).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toEqual(profile);
  });

  it('gives up after the third retry', async () => {
    const { send, fetch } = setup([json({}, 503), json({}, 503), json({}, 503), json({}, 503), json({}, 503)]);
    const result = failure(send('profile', { token: 't' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect((await result).status).toBe(503);
  });

  it('honours Retry-After, capped at the maximum', async () => {
    const { send, fetch } = setup([json({}, 429, { 'Retry-After': '5' }), json({ success: true, result: profile })]);
    const result = send('profile', { token: 't' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toEqual(profile);
  });

  it('does not retry a GET that failed for good (404, 401)', async () => {
    const { send, fetch } = setup([json({}, 404)]);
    await failure(send('profile', { token: 't' }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never retries a mutation', async () => {
    const { send, fetch } = setup([json({}, 503), json({ success: true, result: {} })]);
    await failure(send('logout', { token: 't', query: { debug: 'Y' } }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the request’s deadline (ADR 207)', () => {
  /** An upstream that never answers: each attempt ends only by its timeout or the request's signal. */
  function hanging(env: Record<string, string>) {
    let attempts = 0;
    const fetch = vi.fn(
      (_url: URL | string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          attempts += 1;
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
        }),
    );
    const config = loadConfig({ REST_API_URL: 'http://upstream.test/', ...env });
    const send = createUpstreamClient({
      config,
      log: createLogger({ logLevel: 'silent' }),
      fetch: fetch as typeof globalThis.fetch,
    });
    return { send, attempts: () => attempts };
  }

  const env = { REST_TIMEOUT_MS: '100', REST_RETRY_BASE_MS: '20', REST_RETRY_MAX_MS: '40' };

  it('without one, a read takes every attempt: four timeouts plus backoff', async () => {
    const { send, attempts } = hanging(env);
    const started = performance.now();
    const error = await failure(send('profile', { token: 't' }));
    expect(error.failure).toBe('unavailable');
    expect(attempts()).toBe(4);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('a read stops retrying when the deadline passes during a backoff, and answers as a timeout', async () => {
    const { send, attempts } = hanging(env);
    const started = performance.now();
    const error = await failure(send('profile', { token: 't', signal: AbortSignal.timeout(250) }));
    const elapsed = performance.now() - started;
    expect(error.failure).toBe('unavailable');
    expect(pageStatusOf(error)).toBe(504);
    expect(attempts()).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(400);
  });

  it('the attempt under way ends at the deadline, and no other starts', async () => {
    const { send, attempts } = hanging(env);
    const started = performance.now();
    const error = await failure(send('profile', { token: 't', signal: AbortSignal.timeout(150) }));
    expect(error.failure).toBe('unavailable');
    expect(attempts()).toBe(2);
    expect(performance.now() - started).toBeLessThan(300);
  });
});
