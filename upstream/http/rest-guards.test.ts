import { describe, expect, it } from 'vitest';
import { VERSION_HEADER } from '#contract';
import { startSession } from '../db/sessions';
import { createTestUpstream } from '../testing';

describe('request rules for /rest', () => {
  it('requires Accept: application/json', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('linkTransition', {
      query: { code: 'auth' },
      headers: { Accept: 'text/html' },
    });
    expect(status).toBe(406);
    expect(envelope.errors[0]?.code).toBe('not_acceptable');
    const ok = await up.call('linkTransition', {
      query: { code: 'auth' },
      headers: { Accept: 'application/json; q=1, */*' },
    });
    expect(ok.status).toBe(200);
  });

  it('supports version 1 only, taking a missing header as 1', async () => {
    const up = await createTestUpstream();
    const v2 = await up.call('linkTransition', { query: { code: 'auth' }, headers: { [VERSION_HEADER]: '2' } });
    expect(v2.status).toBe(400);
    expect(v2.envelope.errors[0]?.code).toBe('unsupported_version');
    const response = await up.app.request('/rest/analytics/links/transition/?code=auth', {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it('answers unknown paths with a 404 envelope and wrong methods with 405', async () => {
    const up = await createTestUpstream();
    const missing = await up.app.request('/rest/nothing/here/');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      success: false,
      result: null,
      errors: [{ code: 'not_found', message: 'Не найдено' }],
    });
    const wrongMethod = await up.app.request('/rest/v2/users/profile/', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
  });

  it('rejects a body that is not JSON', async () => {
    const up = await createTestUpstream();
    const post = (headers: Record<string, string>, body: string) =>
      up.app.request('/rest/users/authentication/login/', {
        method: 'POST',
        headers: { Accept: 'application/json', ...headers },
        body,
      });
    expect((await post({ 'Content-Type': 'text/plain' }, '{}')).status).toBe(415);
    const broken = await post({ 'Content-Type': 'application/json' }, '{"login":');
    expect(broken.status).toBe(400);
    expect((await broken.json()).errors[0].code).toBe('invalid_json');
    const empty = await post({}, '');
    expect((await empty.json()).errors).toEqual([{ code: 'validation', message: 'Тело запроса обязательно' }]);
  });

  it('turns unexpected exceptions into a 500 envelope and logs them without the query string', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    up.db.close();
    const { status, envelope } = await up.call('profile', { token: token.authToken });
    expect(status).toBe(500);
    expect(envelope.errors).toEqual([{ code: 'internal_error', message: 'Внутренняя ошибка сервера' }]);
    expect(up.logged).toHaveLength(1);
    expect(up.logged[0]).toContain('GET /rest/v2/users/profile/ failed');
    expect(up.logged.join('\n')).not.toContain(token.authToken);
  });

  it('answers 500 when a result breaks the contract instead of sending it', async () => {
    const up = await createTestUpstream();
    up.db.prepare("UPDATE users SET email = 'not-an-email' WHERE email = 'teacher@example.org'").run();
    const { authToken } = startSession(up.db, 1, up.clock.time, 60_000);
    const { status } = await up.call('profile', { token: authToken });
    expect(status).toBe(500);
    expect(up.logged[0]).toContain('profile: result does not match the contract');
  });
});
