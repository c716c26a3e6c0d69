import { describe, expect, it } from 'vitest';
import { createPass } from '../db/passes';
import { findUserByEmail } from '../db/users';
import { createTestUpstream } from '../testing';
import { days } from '#shared/time';

const INVALID_PASS = {
  code: 'invalid_pass',
  field: 'pass',
  message: 'Ссылка для входа недействительна или уже использована',
};

async function setUp() {
  const up = await createTestUpstream();
  const user = findUserByEmail(up.db, 'participant@example.org');
  if (!user) throw new Error('seed is missing the participant');
  return { up, user, pass: createPass(up.db, user, up.clock.time) };
}

describe('pass', () => {
  it('exchanges a pass for a login result, once', async () => {
    const { up, user, pass } = await setUp();
    const first = await up.call('pass', { body: { pass } });
    expect(first.status).toBe(200);
    expect(first.envelope.result).toMatchObject({ id: user.id });
    const second = await up.call('pass', { body: { pass } });
    expect(second.status).toBe(400);
    expect(second.envelope.errors).toEqual([INVALID_PASS]);
  });

  it('stores only the hash of the pass', async () => {
    const { up, pass } = await setUp();
    expect(JSON.stringify(up.db.prepare('SELECT * FROM passes').all())).not.toContain(pass);
  });

  it('refuses an unknown pass and one older than seven days', async () => {
    const { up, pass } = await setUp();
    expect((await up.call('pass', { body: { pass: 'made-up' } })).envelope.errors).toEqual([INVALID_PASS]);
    up.clock.advance(days(7));
    expect((await up.call('pass', { body: { pass } })).envelope.errors).toEqual([INVALID_PASS]);
  });
});
