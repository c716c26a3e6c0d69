import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';
import { visitorOf } from './note-fixture';
import { recoveryEmail } from './recovery-email.server';

const config = loadConfig({ SESSION_SECRET: 'recovery-test-secret-recovery-test-secret-0123' });
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const request = visitorOf(config);

/** The Set-Cookie line of a request that remembered `email`. */
async function remembered(email: string) {
  const first = request();
  await recoveryEmail(first.context).remember(email);
  return first.setCookie();
}

describe('the address of a recovery in progress', () => {
  it('comes back from its cookie, which neither shows it nor can be read by scripts', async () => {
    const setCookie = await remembered('anna.ivanova@example.org');
    expect(setCookie).not.toContain('anna');
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(await recoveryEmail(request(cookieOf(setCookie)).context).read()).toBe('anna.ivanova@example.org');
  });

  it('is forgotten when absent, tampered with or sealed under another secret', async () => {
    const cookie = cookieOf(await remembered('anna.ivanova@example.org'));
    const other = visitorOf(loadConfig({ SESSION_SECRET: 'another-secret-another-secret-another-secret' }));
    expect(await recoveryEmail(request().context).read()).toBeNull();
    expect(await recoveryEmail(request(`${cookie.slice(0, -4)}AAAA`).context).read()).toBeNull();
    expect(await recoveryEmail(other(cookie).context).read()).toBeNull();
    const last = request(cookie);
    recoveryEmail(last.context).forget();
    expect(last.setCookie()).toMatch(/Max-Age=0/);
  });
});
