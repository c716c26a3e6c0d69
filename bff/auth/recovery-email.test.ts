import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';
import { recoveryEmail } from './recovery-email.server';

const config = loadConfig({ SESSION_SECRET: 'recovery-test-secret-recovery-test-secret-0123' });
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const requestWith = (cookie: string) => new Request('http://localhost/password', { headers: { Cookie: cookie } });

describe('the address of a recovery in progress', () => {
  it('comes back from its cookie, which neither shows it nor can be read by scripts', async () => {
    const recovery = recoveryEmail(config);
    const setCookie = await recovery.remember('anna.ivanova@example.org');
    expect(setCookie).not.toContain('anna');
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(await recovery.read(requestWith(cookieOf(setCookie)))).toBe('anna.ivanova@example.org');
  });

  it('is forgotten when absent, tampered with or sealed under another secret', async () => {
    const recovery = recoveryEmail(config);
    const cookie = cookieOf(await recovery.remember('anna.ivanova@example.org'));
    const other = recoveryEmail(loadConfig({ SESSION_SECRET: 'another-secret-another-secret-another-secret' }));
    expect(await recovery.read(new Request('http://localhost/password'))).toBeNull();
    expect(await recovery.read(requestWith(`${cookie.slice(0, -4)}AAAA`))).toBeNull();
    expect(await other.read(requestWith(cookie))).toBeNull();
    expect(recovery.forget()).toMatch(/Max-Age=0/);
  });
});
