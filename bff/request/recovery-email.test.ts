import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';
import { visitorOf } from '../../tests/note-fixture';
import { recoveryEmail } from './recovery-email.server';

const config = loadConfig({ SESSION_SECRET: 'recovery-test-secret-recovery-test-secret-0123' });
const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const request = visitorOf(config);

const remembered = (email: string) => request.remembered((context) => recoveryEmail(context).remember(email));

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
    expect(await request.unreadable(cookie, (context) => recoveryEmail(context).read())).toEqual([null, null, null]);
    expect(request.forgotten(cookie, (context) => recoveryEmail(context).forget())).toMatch(/Max-Age=0/);
  });
});
