import { describe, expect, it } from 'vitest';
import { createTestUpstream } from '../testing';

describe('first-authorisation stand-in', () => {
  it('links back to an http(s) backurl, escaped', async () => {
    const up = await createTestUpstream();
    const backurl = 'http://localhost:3000/lk/scenarios?a=1&b="2"';
    const response = await up.app.request(`/first-auth/?backurl=${encodeURIComponent(backurl)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<h1>Первичная авторизация</h1>');
    expect(html).toContain('href="http://localhost:3000/lk/scenarios?a=1&amp;b=%222%22">Вернуться на портал</a>');
  });

  it.each(['javascript:alert(1)', '/lk/scenarios', 'data:text/html,x', ''])(
    'offers no link for %j',
    async (backurl) => {
      const up = await createTestUpstream();
      const html = await (await up.app.request(`/first-auth?backurl=${encodeURIComponent(backurl)}`)).text();
      expect(html).not.toContain('Вернуться на портал');
    },
  );

  it('answers the health check', async () => {
    const up = await createTestUpstream();
    const response = await up.app.request('/healthz');
    expect(await response.json()).toEqual({ ok: true });
  });
});
