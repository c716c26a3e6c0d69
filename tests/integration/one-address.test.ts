import { describe, expect, it } from 'vitest';
import { readForms } from './harness';
import { useServers } from './servers';

/**
 * ADR 217: the portal answers pages under its public origin only. A GET or HEAD under another address of the same
 * server (here `127.0.0.1:PORT` for `http://localhost:PORT`) is sent to the public origin, same path and query, so
 * that a form is never shown where its post would be refused; a post under that address is refused as before.
 */

const servers = useServers();

/** The same server under its IP address: what a newcomer types for the printed `http://localhost:PORT`. */
const byAddress = () => servers.portal.origin.replace('//localhost:', '//127.0.0.1:');

describe('one address', () => {
  it.each(['GET', 'HEAD'])('%s /login?redirectTo=%%2Flk under 127.0.0.1 → 301 to the public origin', async (method) => {
    const response = await fetch(`${byAddress()}/login?redirectTo=%2Flk`, { method, redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`${servers.portal.origin}/login?redirectTo=%2Flk`);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    await response.arrayBuffer();
  });

  it('the page it leads to is the form', async () => {
    const response = await fetch(`${byAddress()}/login`, { headers: { 'Sec-Fetch-Site': 'none' } });
    expect(response.url).toBe(`${servers.portal.origin}/login`);
    expect(response.status).toBe(200);
    expect(readForms(await response.text()).some((form) => form.method === 'post')).toBe(true);
  });

  it('the target is the configured origin, whatever the request names', async () => {
    for (const [path, headers] of [
      ['/lk', { 'X-Forwarded-Host': 'evil.example' }],
      ['//evil.example/', {}],
      ['/%2F%2Fevil.example', {}],
    ] as const) {
      const response = await fetch(`${byAddress()}${path}`, { headers, redirect: 'manual' });
      expect(response.status, path).toBe(301);
      expect(response.headers.get('Location'), path).toBe(`${servers.portal.origin}${path}`);
      expect(new URL(response.headers.get('Location')!, byAddress()).origin, path).toBe(servers.portal.origin);
      await response.arrayBuffer();
    }
  });

  it('a page under the public origin is served there', async () => {
    const response = await servers.portal.client().request('/login');
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it('a post under another address keeps the origin check’s 403', async () => {
    const response = await fetch(`${byAddress()}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Sec-Fetch-Site': 'same-origin',
        Origin: byAddress(),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email: 'teacher@example.com', password: 'x' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('Запрос отклонён: он отправлен с другого сайта.');
  });
});
