import { describe, expect, it } from 'vitest';
import { createTestUpstream } from '../testing';

function transitions(up: Awaited<ReturnType<typeof createTestUpstream>>) {
  return up.db.prepare('SELECT code, user_id AS userId, created_at AS createdAt FROM analytics_transitions').all();
}

describe('linkTransition', () => {
  it('records an anonymous transition', async () => {
    const up = await createTestUpstream();
    expect((await up.call('linkTransition', { query: { code: 'auth' } })).status).toBe(200);
    expect(transitions(up)).toEqual([{ code: 'auth', userId: null, createdAt: up.clock.time }]);
  });

  it('records the user when a working token comes, and ignores one that does not work', async () => {
    const up = await createTestUpstream();
    const { id, token } = await up.login();
    await up.call('linkTransition', { query: { code: 'auth' }, token: token.authToken });
    const stale = await up.call('linkTransition', { query: { code: 'auth' }, token: 'expired-or-unknown' });
    expect(stale.status).toBe(200);
    expect(transitions(up)).toEqual([
      { code: 'auth', userId: id, createdAt: up.clock.time },
      { code: 'auth', userId: null, createdAt: up.clock.time },
    ]);
  });

  it('refuses a code outside the allowed characters', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('linkTransition', { query: { code: 'a b' } });
    expect(status).toBe(400);
    expect(envelope.errors[0]).toMatchObject({ field: 'code', code: 'validation' });
  });
});
