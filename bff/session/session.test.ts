import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.server';
import { createLogger } from '../log.server';
import type { Send } from '../rest/client.server';
import { UpstreamError } from '../rest/errors.server';
import { createSessionStore } from './session.server';

const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example' });
const login = { id: 7, token: { authToken: 'auth-1', refreshToken: 'refresh-1' } };

function store(send: (name: string, input: unknown) => Promise<unknown>) {
  return createSessionStore({
    config,
    send: vi.fn(send) as unknown as Send,
    log: createLogger({ logLevel: 'silent' }),
  });
}

/** The Cookie header a browser would send back after these Set-Cookie values. */
function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

async function signedInCookies() {
  const session = store(async () => login).forRequest({});
  await session.signIn(login);
  return session.setCookieHeaders();
}

describe('request session', () => {
  it('is anonymous without cookies and writes nothing', async () => {
    const session = store(async () => login).forRequest({});
    expect(await session.user()).toBeNull();
    expect(session.setCookieHeaders()).toEqual([]);
    expect(session.personal).toBe(false);
  });

  it('signs in with two sealed, host-only, httpOnly cookies', async () => {
    const cookies = await signedInCookies();
    expect(cookies).toHaveLength(2);
    const [auth, refresh] = cookies;
    expect(auth).toMatch(/^__Host-vptk=Fe26\.2\*/);
    expect(auth).toContain('Max-Age=244800');
    expect(refresh).toMatch(/^__Host-rvptk=Fe26\.2\*/);
    expect(refresh).toContain('Max-Age=31536000');
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      expect(cookie).not.toMatch(/Domain|auth-1|refresh-1/);
    }
  });

  it('reads the user back from the cookies without calling the upstream', async () => {
    const send = vi.fn();
    const session = store(send).forRequest({ cookieHeader: cookieHeader(await signedInCookies()) });
    expect(await session.user()).toEqual({ id: 7 });
    expect(await session.authToken()).toBe('auth-1');
    expect(send).not.toHaveBeenCalled();
    expect(session.personal).toBe(true);
  });

  it('refreshes once when only the refresh cookie is left', async () => {
    const refreshCookie = (await signedInCookies())[1]!;
    const send = vi.fn(async () => ({ id: 7, token: { authToken: 'auth-2' } }));
    const session = store(send).forRequest({ cookieHeader: cookieHeader([refreshCookie]) });
    const [a, b] = await Promise.all([session.user(), session.authToken()]);
    expect(a).toEqual({ id: 7 });
    expect(b).toBe('auth-2');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(
      'refresh',
      expect.objectContaining({ query: { token: 'refresh-1', type: 'prolong' } }),
    );
    expect(session.setCookieHeaders()).toEqual([expect.stringMatching(/^__Host-vptk=Fe26/)]);
  });

  it('clears both cookies when the refresh is refused', async () => {
    const refreshCookie = (await signedInCookies())[1]!;
    const session = store(async () => {
      throw new UpstreamError('unauthorized', 'refresh', 401);
    }).forRequest({ cookieHeader: cookieHeader([refreshCookie]) });
    expect(await session.user()).toBeNull();
    expect(session.setCookieHeaders()).toEqual([expect.stringMatching(/^__Host-rvptk=;.*Max-Age=0/)]);
  });

  it('keeps the cookies when the upstream is merely unreachable', async () => {
    const refreshCookie = (await signedInCookies())[1]!;
    const session = store(async () => {
      throw new UpstreamError('unavailable', 'refresh', null);
    }).forRequest({ cookieHeader: cookieHeader([refreshCookie]) });
    await expect(session.user()).rejects.toMatchObject({ init: { status: 504 } });
    expect(session.setCookieHeaders()).toEqual([]);
  });

  it('ignores and clears a tampered cookie', async () => {
    const [auth] = await signedInCookies();
    const tampered = auth!.replace(/\*([A-Za-z0-9_-]{10})/, '*AAAAAAAAAA');
    const session = store(async () => login).forRequest({ cookieHeader: cookieHeader([tampered]) });
    expect(await session.user()).toBeNull();
    expect(session.setCookieHeaders()).toEqual([expect.stringMatching(/^__Host-vptk=;/)]);
  });

  it('renews a refused auth token at most once per request', async () => {
    const send = vi.fn(async () => ({ id: 7, token: { authToken: 'auth-2' } }));
    const session = store(send).forRequest({ cookieHeader: cookieHeader(await signedInCookies()) });
    expect(await session.renew('auth-1')).toBe('auth-2');
    expect(await session.renew('auth-1')).toBe('auth-2');
    expect(await session.renew('auth-2')).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('forgets a shared refresh when the session signs out', async () => {
    const refreshCookie = cookieHeader([(await signedInCookies())[1]!]);
    const send = vi.fn(async () => ({ id: 7, token: { authToken: 'auth-2' } }));
    const sessions = store(send);
    await sessions.forRequest({ cookieHeader: refreshCookie }).user();
    await sessions.forRequest({ cookieHeader: refreshCookie }).user();
    expect(send).toHaveBeenCalledTimes(1);
    const leaving = sessions.forRequest({ cookieHeader: refreshCookie });
    await leaving.user();
    leaving.signOut();
    await sessions.forRequest({ cookieHeader: refreshCookie }).user();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('signs out by expiring both cookies', async () => {
    const session = store(async () => login).forRequest({ cookieHeader: cookieHeader(await signedInCookies()) });
    session.signOut();
    expect(await session.user()).toBeNull();
    const cleared = session.setCookieHeaders();
    expect(cleared).toHaveLength(2);
    for (const cookie of cleared) expect(cookie).toMatch(/=; Max-Age=0;.*Expires=Thu, 01 Jan 1970/);
  });

  it('shares one renewal among calls refused together, and keeps both cookies', async () => {
    let release!: () => void;
    const send = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { id: 7, token: { authToken: 'auth-2' } };
    });
    const session = store(send).forRequest({ cookieHeader: cookieHeader(await signedInCookies()) });
    await session.user();
    const both = Promise.all([session.renew('auth-1'), session.renew('auth-1')]);
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    release();
    expect(await both).toEqual(['auth-2', 'auth-2']);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await session.user()).toEqual({ id: 7 });
    expect(session.setCookieHeaders()).toEqual([expect.stringMatching(/^__Host-vptk=Fe26/)]);
  });
});

describe('logout (ADR 211)', () => {
  it('tells the upstream, and clears both cookies', async () => {
    const send = vi.fn(async () => ({}));
    const session = store(send).forRequest({ cookieHeader: cookieHeader(await signedInCookies()) });
    await session.logOut();
    expect(send).toHaveBeenCalledWith('logout', expect.objectContaining({ token: 'auth-1' }));
    expect(session.setCookieHeaders()).toHaveLength(2);
  });

  it('when the upstream logout fails, the portal refuses the copied cookies itself', async () => {
    const cookies = cookieHeader(await signedInCookies());
    const sessions = store(async (name) => {
      if (name === 'logout') throw new UpstreamError('unavailable', 'logout', null);
      return { id: 7, token: { authToken: 'auth-2' } };
    });
    const leaving = sessions.forRequest({ cookieHeader: cookies });
    await leaving.logOut();
    expect(leaving.setCookieHeaders()).toHaveLength(2);
    const replayed = sessions.forRequest({ cookieHeader: cookies });
    expect(await replayed.user()).toBeNull();
    expect(replayed.setCookieHeaders()).toHaveLength(2);
  });

  it('with only the refresh cookie left and the refresh failing, still clears it and refuses it afterwards', async () => {
    const refreshOnly = cookieHeader([(await signedInCookies())[1]!]);
    const send = vi.fn(async () => {
      throw new UpstreamError('unavailable', 'refresh', null);
    });
    const sessions = store(send);
    const leaving = sessions.forRequest({ cookieHeader: refreshOnly });
    expect(await leaving.logOut()).toEqual({ confirmed: true });
    // One try for a token to tell the upstream with; its failure does not fail the logout.
    expect(send).toHaveBeenCalledTimes(1);
    expect(leaving.setCookieHeaders()).toEqual([expect.stringMatching(/^__Host-rvptk=;.*Max-Age=0/)]);
    expect(await sessions.forRequest({ cookieHeader: refreshOnly }).user()).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['only the refresh cookie is held', 'refresh only'],
    ['the upstream refuses the auth token', 'both'],
  ] as const)('tells the upstream with a token the refresh cookie is exchanged for when %s', async (_, held) => {
    const [auth, refresh] = await signedInCookies();
    const send = vi.fn(async (name: string, input: unknown) => {
      if (name === 'refresh') return { id: 7, token: { authToken: 'auth-2' } };
      if ((input as { token?: string }).token === 'auth-1') throw new UpstreamError('unauthorized', 'logout', 401);
      return {};
    });
    const leaving = store(send).forRequest({
      cookieHeader: cookieHeader(held === 'both' ? [auth!, refresh!] : [refresh!]),
    });
    await leaving.logOut();
    expect(send).toHaveBeenCalledWith(
      'refresh',
      expect.objectContaining({ query: { token: 'refresh-1', type: 'prolong' } }),
    );
    expect(send).toHaveBeenLastCalledWith('logout', expect.objectContaining({ token: 'auth-2' }));
  });
});

describe('server-side session limits (ADR 211)', () => {
  afterEach(() => vi.useRealTimers());

  const limited = loadConfig({
    PUBLIC_ORIGIN: 'https://portal.example',
    SESSION_IDLE_DAYS: '30',
    SESSION_MAX_DAYS: '90',
  });
  const refreshed = vi.fn(async () => ({ id: 7, token: { authToken: 'auth-2' } }));
  const sessions = createSessionStore({
    config: limited,
    send: refreshed as unknown as Send,
    log: createLogger({ logLevel: 'silent' }),
  });

  async function refreshCookieAt(start: Date) {
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const session = sessions.forRequest({});
    await session.signIn(login);
    return cookieHeader([session.setCookieHeaders()[1]!]);
  }

  it('ends a session after 30 days without a request', async () => {
    const cookie = await refreshCookieAt(new Date('2026-01-01'));
    vi.setSystemTime(new Date('2026-01-30'));
    expect(await sessions.forRequest({ cookieHeader: cookie }).user()).toEqual({ id: 7 });
    vi.setSystemTime(new Date('2026-02-01'));
    const idle = sessions.forRequest({ cookieHeader: cookie });
    expect(await idle.user()).toBeNull();
    expect(idle.setCookieHeaders()).toEqual([expect.stringMatching(/^__Host-rvptk=;/)]);
  });

  it('a request moves the idle limit on; the absolute limit stays', async () => {
    let cookie = await refreshCookieAt(new Date('2026-01-01'));
    for (const day of ['2026-01-25', '2026-02-15', '2026-03-10', '2026-03-31']) {
      vi.setSystemTime(new Date(day));
      const session = sessions.forRequest({ cookieHeader: cookie });
      expect(await session.user()).toEqual({ id: 7 });
      const written = session.setCookieHeaders().find((c) => c.startsWith('__Host-rvptk='));
      expect(written).toBeDefined();
      cookie = cookieHeader([written!]);
    }
    vi.setSystemTime(new Date('2026-04-02'));
    expect(await sessions.forRequest({ cookieHeader: cookie }).user()).toBeNull();
  });
});

describe('a provider token too large for a cookie', () => {
  it('fails the sign-in with a clear message and sets no cookie, instead of a cookie the browser would drop', async () => {
    const huge = { id: 7, token: { authToken: 'a'.repeat(5000), refreshToken: 'refresh-1' } };
    const session = store(async () => huge).forRequest({});
    await expect(session.signIn(huge)).rejects.toMatchObject({
      failure: 'rejected',
      errors: [{ code: 'cookie_too_large', message: expect.stringContaining('слишком длинный') }],
    });
    expect(session.setCookieHeaders()).toEqual([]);
  });
});
