import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.server';
import type { SessionPort } from './session-port';
import { createFileFetcher, fileCalls, singleRange } from './files.server';
import { createTimings } from './timings.server';

function setup(answers: Array<Response | Error>, session: Partial<SessionPort> = {}) {
  const requests: { url: URL; headers: Headers }[] = [];
  const fetch = vi.fn(async (url: URL | string, init?: RequestInit) => {
    requests.push({ url: new URL(url), headers: new Headers(init?.headers) });
    const next = answers.shift() ?? new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  const fetchFile = createFileFetcher({
    config: loadConfig({ REST_API_URL: 'http://upstream.test/base' }),
    fetch: fetch as typeof globalThis.fetch,
  });
  const files = fileCalls({
    fetchFile,
    timings: createTimings(),
    session: {
      authToken: async () => 'secret-auth-token',
      renew: async () => 'renewed-auth-token',
      signOut: () => undefined,
      ...session,
    } as SessionPort,
  });
  return { files, requests };
}

const video = (status = 206) =>
  new Response('bytes', {
    status,
    headers: {
      'Content-Type': 'video/mp4',
      'Content-Length': '5',
      'Content-Range': 'bytes 0-4/100',
      'Accept-Ranges': 'bytes',
      'Set-Cookie': 'upstream=1',
      'X-Upstream-Internal': 'yes',
    },
  });

describe('context.rest.files.stream', () => {
  it('adds the token on the server, passes Range, and gives the browser only what it needs', async () => {
    const { files, requests } = setup([video()]);
    const request = new Request('http://portal.test/lk/file', { headers: { Range: 'bytes=0-4' } });
    const response = await files.stream('/files/webinars/intro.mp4', request);

    expect(requests[0]!.url.href).toBe('http://upstream.test/base/files/webinars/intro.mp4?token=secret-auth-token');
    expect(requests[0]!.headers.get('Range')).toBe('bytes=0-4');
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('bytes');
    expect(Object.fromEntries(response.headers)).toEqual({
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
      'content-disposition': 'inline',
      'content-length': '5',
      'content-range': 'bytes 0-4/100',
      'content-security-policy': expect.stringContaining('sandbox'),
      'content-type': 'video/mp4',
    });
  });

  it('offers a download under a Russian name (RFC 5987)', async () => {
    const { files } = setup([video(200)]);
    const response = await files.stream('/files/x.pdf', new Request('http://portal.test/'), {
      download: 'Сертификат.pdf',
    });
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="??????????.pdf"; filename*=UTF-8''%D0%A1%D0%B5%D1%80%D1%82%D0%B8%D1%84%D0%B8%D0%BA%D0%B0%D1%82.pdf`,
    );
  });

  it('renews the token once when the upstream refuses it', async () => {
    const { files, requests } = setup([new Response(null, { status: 401 }), video(200)]);
    const response = await files.stream('/files/x.mp4', new Request('http://portal.test/'));
    expect(response.status).toBe(200);
    expect(requests.map((r) => r.url.searchParams.get('token'))).toEqual(['secret-auth-token', 'renewed-auth-token']);
  });

  it('refuses a path outside /files/ without asking the upstream', async () => {
    const { files, requests } = setup([]);
    for (const path of ['/files/../rest/v2/users/profile/', '/rest/v2/users/profile/', '/files/a?token=x']) {
      const response = await files.stream(path, new Request('http://portal.test/'));
      expect(response.status).toBe(404);
    }
    expect(requests).toHaveLength(0);
  });

  it('answers a missing file 404, a failing upstream 502 and a silent one 504, in Russian', async () => {
    const { files } = setup([
      new Response('x', { status: 404 }),
      new Response('x', { status: 500 }),
      new Error('down'),
    ]);
    const request = new Request('http://portal.test/');
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await files.stream('/files/x.pdf', request);
      answers.push([response.status, await response.text()]);
    }
    expect(answers).toEqual([
      [404, 'Ошибка 404. Запрашиваемая страница не существует.'],
      [502, 'Не удалось получить файл (ошибка 500). Попробуйте ещё раз.'],
      [504, 'Сервер не ответил. Попробуйте открыть файл ещё раз.'],
    ]);
  });
});

describe('Range: one well-formed range reaches the upstream, anything else is dropped (ADR 207)', () => {
  it.each([
    ['bytes=0-499', 'bytes=0-499'],
    ['bytes=500-', 'bytes=500-'],
    ['bytes=-500', 'bytes=-500'],
    ['BYTES=7-7', 'bytes=7-7'],
  ])('%s passes as %s', async (range, passed) => {
    const { files, requests } = setup([video()]);
    await files.stream('/files/webinars/intro.mp4', new Request('http://portal.test/', { headers: { Range: range } }));
    expect(requests[0]!.headers.get('Range')).toBe(passed);
  });

  it.each([
    'bytes=0-1,2-3',
    `bytes=${Array.from({ length: 200 }, (_, i) => `${i}-${i}`).join(',')}`,
    'bytes=5-1',
    'bytes=-0',
    'bytes=abc',
    'items=0-1',
    'bytes=0-1;x',
    `bytes=0-${'9'.repeat(30)}`,
  ])('%s is not passed: the whole file is asked for', async (range) => {
    const { files, requests } = setup([video(200)]);
    const response = await files.stream(
      '/files/webinars/intro.mp4',
      new Request('http://portal.test/', { headers: { Range: range } }),
    );
    expect(requests[0]!.headers.has('Range')).toBe(false);
    expect(response.status).toBe(200);
  });

  it('singleRange reads nothing as nothing', () => {
    expect(singleRange(null)).toBeNull();
  });
});
