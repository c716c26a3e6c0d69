import { describe, expect, it } from 'vitest';
import { createTestUpstream, TEST_PORTAL } from '../testing';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('dev tools', () => {
  it('do not exist unless switched on', async () => {
    const up = await createTestUpstream();
    for (const [path, init] of [
      ['/__dev__/outbox', {}],
      ['/__dev__/stats', {}],
      ['/__dev__/stats/reset', { method: 'POST' }],
      ['/__dev__/passes', json({ email: 'teacher@example.org', portalOrigin: 'http://localhost:3000' })],
    ] as const) {
      const response = await up.app.request(path, init);
      expect(response.status, path).toBe(404);
      expect((await response.json()).errors[0].code).toBe('not_found');
    }
  });

  it('create a pass, mail its link, and the pass logs the user in', async () => {
    const up = await createTestUpstream({ devTools: true });
    const response = await up.app.request(
      '/__dev__/passes',
      json({ email: 'Participant@example.org', portalOrigin: 'https://evil.example/' }),
    );
    expect(response.status).toBe(200);
    const { pass, link } = (await response.json()) as { pass: string; link: string };
    // The configured origin, never the one the request names (issue 44).
    expect(link).toBe(`${TEST_PORTAL}/?pass=${pass}`);

    const outbox = await (await up.app.request('/__dev__/outbox?to=participant@example.org')).json();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: 'participant@example.org', subject: 'Вход на портал' });
    expect(outbox[0].body).toContain(link);

    expect((await up.call('pass', { body: { pass } })).status).toBe(200);
  });

  it('refuse a pass for an unknown user, and link the configured origin whatever the request names', async () => {
    const up = await createTestUpstream({ devTools: true });
    const unknown = await up.app.request(
      '/__dev__/passes',
      json({ email: 'x@example.org', portalOrigin: 'http://a.b' }),
    );
    expect(unknown.status).toBe(404);
    const bad = await up.app.request(
      '/__dev__/passes',
      json({ email: 'teacher@example.org', portalOrigin: 'javascript:alert(1)' }),
    );
    expect(bad.status).toBe(200);
    expect(((await bad.json()) as { link: string }).link.startsWith(`${TEST_PORTAL}/?pass=`)).toBe(true);
  });

  it('list the outbox newest first', async () => {
    const up = await createTestUpstream({ devTools: true });
    await up.call('restoreSend', { body: { email: 'teacher@example.org' } });
    up.clock.advance(1000);
    await up.call('restoreSend', { body: { email: 'teacher@example.org' } });
    await up.call('restoreSend', { body: { email: 'admin@example.org' } });
    const messages = await (await up.app.request('/__dev__/outbox?to=teacher@example.org')).json();
    expect(messages).toHaveLength(2);
    expect(messages[0].id).toBeGreaterThan(messages[1].id);
    expect(await (await up.app.request('/__dev__/outbox')).json()).toHaveLength(3);
  });

  it('count calls per contract name, failed ones included, and reset', async () => {
    const up = await createTestUpstream({ devTools: true });
    await up.login();
    await up.call('refresh', { query: { token: 'unknown', type: 'prolong' } });
    await up.call('refresh', { query: { token: 'unknown', type: 'prolong' } });
    const stats = await (await up.app.request('/__dev__/stats')).json();
    expect(stats).toMatchObject({ login: 1, refresh: 2, profile: 0 });
    const reset = await (await up.app.request('/__dev__/stats/reset', { method: 'POST' })).json();
    expect(reset.refresh).toBe(0);
  });

  it('show the outbox to a browser as a page, oldest first, escaped, its links clickable (ADR 202)', async () => {
    const up = await createTestUpstream({ devTools: true });
    const to = 'participant@example.org';
    const passes: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const made = await up.app.request('/__dev__/passes', json({ email: to }));
      passes.push(((await made.json()) as { pass: string }).pass);
    }
    up.db
      .prepare('INSERT INTO outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)')
      .run(to, '<script>alert(1)</script>', 'Ответ: <b>жирно</b> & "кавычки"', Date.now() + 1000);
    // Scripts keep the JSON, newest first.
    const data = await (await up.app.request(`/__dev__/outbox?to=${to}`)).json();
    expect(data.map((m: { subject: string }) => m.subject)).toEqual([
      '<script>alert(1)</script>',
      'Вход на портал',
      'Вход на портал',
    ]);

    const response = await up.app.request(`/__dev__/outbox?to=${to}`, {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('самое новое — внизу');
    const first = page.indexOf('Письмо 1 ·');
    expect(first).toBeGreaterThan(0);
    expect(page.indexOf(passes[0]!)).toBeGreaterThan(first);
    expect(page.indexOf(passes[0]!)).toBeLessThan(page.indexOf(passes[1]!));
    expect(page.indexOf('Письмо 3 ·')).toBeGreaterThan(page.indexOf(passes[1]!));
    expect(page).toContain(`<a href="${TEST_PORTAL}/?pass=${passes[0]}">`);
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;b&gt;жирно&lt;/b&gt; &amp; &quot;кавычки&quot;');
  });
});
