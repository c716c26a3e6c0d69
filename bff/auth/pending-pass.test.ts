import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';
import { isPossiblePass, pendingPass } from './pending-pass.server';

const config = loadConfig({ SESSION_SECRET: 'pending-pass-secret-pending-pass-secret-01234' });
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const requestWith = (cookie: string) => new Request('http://localhost/login/pass', { headers: { Cookie: cookie } });

describe('a pass link’s pass until «Войти» (ADR 036)', () => {
  it('comes back from a sealed, httpOnly cookie that never shows it, with the page to go to', async () => {
    const pending = pendingPass(config);
    const setCookie = await pending.remember({ pass: 'p4ss-s3cr3t', to: '/lk/scenarios?status=1' });
    expect(setCookie).toMatch(/^__Host-rvptkp=Fe26/);
    expect(setCookie).not.toContain('p4ss-s3cr3t');
    expect(setCookie).toMatch(/; Max-Age=1800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await pending.read(requestWith(cookieOf(setCookie)))).toEqual({
      pass: 'p4ss-s3cr3t',
      to: '/lk/scenarios?status=1',
    });
  });

  it('is nothing when absent, tampered with, or sealed under another secret; forgetting expires it', async () => {
    const pending = pendingPass(config);
    const cookie = cookieOf(await pending.remember({ pass: 'p', to: '/' }));
    const other = pendingPass(loadConfig({ SESSION_SECRET: 'another-secret-another-secret-another-secret' }));
    expect(await pending.read(new Request('http://localhost/login/pass'))).toBeNull();
    expect(await pending.read(requestWith(`${cookie.slice(0, -4)}AAAA`))).toBeNull();
    expect(await other.read(requestWith(cookie))).toBeNull();
    expect(pending.forget()).toMatch(/^__Host-rvptkp=; Max-Age=0;/);
  });

  it('takes a pass no upstream could have issued as not valid', () => {
    expect(isPossiblePass('a'.repeat(256))).toBe(true);
    expect(isPossiblePass('a'.repeat(257))).toBe(false);
    expect(isPossiblePass('')).toBe(false);
  });
});
