import { describe, expect, it } from 'vitest';
import { listMessages } from '../db/outbox';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream } from '../testing';
import { minutes } from '#shared/time';

const teacher = DEMO_USERS.teacher;
const INVALID_CODE = { code: 'invalid_code', field: 'code', message: 'Неверный или устаревший код' };

async function requestCode(up: Awaited<ReturnType<typeof createTestUpstream>>): Promise<string> {
  expect((await up.call('restoreSend', { body: { email: teacher.email } })).status).toBe(200);
  const code = listMessages(up.db, teacher.email)[0]?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error('no recovery code in the outbox');
  return code;
}

describe('password recovery', () => {
  it('mails a code, and the code sets a new password and ends every session', async () => {
    const up = await createTestUpstream();
    const before = await up.login();
    const code = await requestCode(up);
    expect(JSON.stringify(up.db.prepare('SELECT * FROM recovery_codes').all())).not.toContain(code);

    const confirm = await up.call('restoreConfirm', {
      body: { email: teacher.email, code, password: 'brand-new-password' },
    });
    expect(confirm.status).toBe(200);
    // The account is named: the portal ends its sessions whatever address they signed in with (issue 44).
    expect(confirm.envelope.result).toEqual({ id: before.id });
    expect((await up.call('profile', { token: before.token.authToken })).status).toBe(401);
    await expect(up.login(teacher)).rejects.toThrow(/invalid_credentials/);
    await up.login({ email: teacher.email, password: 'brand-new-password' });

    const reused = await up.call('restoreConfirm', {
      body: { email: teacher.email, code, password: 'other-password' },
    });
    expect(reused.envelope.errors).toEqual([INVALID_CODE]);
  });

  it('sends further codes only after a wait that doubles, answering alike (ADR 215)', async () => {
    const up = await createTestUpstream();
    const code = await requestCode(up);
    for (let i = 0; i < 10; i += 1) {
      const again = await up.call('restoreSend', { body: { email: teacher.email } });
      expect({ status: again.status, result: again.envelope.result }).toEqual({ status: 200, result: {} });
    }
    // The first and one more at once (the letter may not have come); the rest wait.
    expect(listMessages(up.db, teacher.email)).toHaveLength(2);
    const second = listMessages(up.db, teacher.email)[0]!.body;
    expect(second).not.toContain(code);
    up.clock.advance(minutes(1));
    expect(await requestCode(up)).toMatch(/^\d{6}$/);
    expect(listMessages(up.db, teacher.email)).toHaveLength(3);
    up.clock.advance(minutes(1));
    await up.call('restoreSend', { body: { email: teacher.email } });
    expect(listMessages(up.db, teacher.email)).toHaveLength(3);
  });

  it('answers success for an unknown address and mails nothing', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('restoreSend', { body: { email: 'nobody@example.org' } });
    expect({ status, success: envelope.success }).toEqual({ status: 200, success: true });
    expect(up.count('outbox')).toBe(0);
  });

  it('refuses an expired code', async () => {
    const up = await createTestUpstream();
    const code = await requestCode(up);
    up.clock.advance(minutes(30));
    const { status, envelope } = await up.call('restoreConfirm', {
      body: { email: teacher.email, code, password: 'brand-new-password' },
    });
    expect(status).toBe(400);
    expect(envelope.errors).toEqual([INVALID_CODE]);
  });

  it('burns the code after five wrong guesses', async () => {
    const up = await createTestUpstream();
    const code = await requestCode(up);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const guess = await up.call('restoreConfirm', {
        body: { email: teacher.email, code: wrong, password: 'x'.repeat(8) },
      });
      expect(guess.envelope.errors).toEqual([INVALID_CODE]);
    }
    const right = await up.call('restoreConfirm', { body: { email: teacher.email, code, password: 'x'.repeat(8) } });
    expect(right.envelope.errors).toEqual([INVALID_CODE]);
  });

  it('checks the code format before anything else', async () => {
    const up = await createTestUpstream();
    const { envelope } = await up.call('restoreConfirm', {
      body: { email: teacher.email, code: '12a', password: 'brand-new-password' },
    });
    expect(envelope.errors).toEqual([{ code: 'validation', field: 'code', message: 'Код должен состоять из 6 цифр' }]);
  });
});
