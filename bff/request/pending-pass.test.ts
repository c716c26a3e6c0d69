import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';
import { visitorOf } from '../../tests/note-fixture';
import { isPossiblePass, pendingPass } from './pending-pass.server';

const config = loadConfig({ SESSION_SECRET: 'pending-pass-secret-pending-pass-secret-01234' });
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const request = visitorOf(config);

const remembered = (value: { pass: string; to: string }) =>
  request.remembered((context) => pendingPass(context).remember(value));

describe('a pass link’s pass until «Войти» (ADR 213)', () => {
  it('comes back from a sealed, httpOnly cookie that never shows it, with the page to go to', async () => {
    const setCookie = await remembered({ pass: 'p4ss-s3cr3t', to: '/lk/scenarios?status=1' });
    expect(setCookie).toMatch(/^__Host-rvptkp=Fe26/);
    expect(setCookie).not.toContain('p4ss-s3cr3t');
    expect(setCookie).toMatch(/; Max-Age=1800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await pendingPass(request(cookieOf(setCookie)).context).read()).toEqual({
      pass: 'p4ss-s3cr3t',
      to: '/lk/scenarios?status=1',
    });
  });

  it('is nothing when absent, tampered with, or sealed under another secret; forgetting expires it', async () => {
    const cookie = cookieOf(await remembered({ pass: 'p', to: '/' }));
    expect(await request.unreadable(cookie, (context) => pendingPass(context).read())).toEqual([null, null, null]);
    expect(request.forgotten(cookie, (context) => pendingPass(context).forget())).toMatch(
      /^__Host-rvptkp=; Max-Age=0;/,
    );
  });

  it('takes a pass no upstream could have issued as not valid', () => {
    expect(isPossiblePass('a'.repeat(256))).toBe(true);
    expect(isPossiblePass('a'.repeat(257))).toBe(false);
    expect(isPossiblePass('')).toBe(false);
  });
});
