import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.server';
import type { Send } from './client.server';
import { createReadCache } from './cache.server';
import { UpstreamError } from './errors.server';
import { createFileFetcher, fileCalls } from './files.server';
import { createSessionCall } from './session-client.server';
import type { SessionPort } from './session-port';
import { createTimings } from './timings.server';

/** A session holding `first`, whose one renewal gives `renewed` (null: the session cannot be renewed). */
function sessionWith(first: string | null, renewed: string | null) {
  const signOut = vi.fn();
  const renew = vi.fn(async () => renewed);
  const session = {
    user: async () => (first ? { id: 1 } : null),
    authToken: async () => first,
    renew,
    signOut,
    readScope: async () => null,
    changed: async () => undefined,
  } satisfies SessionPort;
  return { session, signOut, renew };
}

const refused = () => new UpstreamError('unauthorized', 'profile', 401);

/** The profile call through context.rest's path, answering `answers` in turn; the tokens it was sent with. */
function profileCall(session: SessionPort, answers: Array<'ok' | 'refused'>) {
  const tokens: Array<string | null | undefined> = [];
  const send = vi.fn(async (_name: string, input?: { token?: string | null }) => {
    tokens.push(input?.token);
    if (answers.shift() === 'refused') throw refused();
    return { id: 1 };
  }) as unknown as Send;
  const call = createSessionCall({ send, session, cache: createReadCache(), timings: createTimings() });
  return { call: () => call('profile'), tokens };
}

/** A file through context.rest.files, the upstream answering `statuses` in turn; the tokens it was asked with. */
function fileStream(session: SessionPort, statuses: number[]) {
  const tokens: Array<string | null> = [];
  const fetch = vi.fn(async (url: URL | string) => {
    tokens.push(new URL(url).searchParams.get('token'));
    return new Response('bytes', { status: statuses.shift() ?? 500 });
  });
  const fetchFile = createFileFetcher({
    config: loadConfig({ REST_API_URL: 'http://upstream.test/' }),
    fetch: fetch as typeof globalThis.fetch,
  });
  const files = fileCalls({ fetchFile, session, timings: createTimings() });
  return { stream: () => files.stream('/files/x.pdf', new Request('http://portal.test/')), tokens };
}

async function thrown(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected a throw');
    },
    (error: unknown) => error,
  );
}

const isSignOutRedirect = (value: unknown) =>
  value instanceof Response && value.status === 302 && value.headers.get('Location') === '/';

describe('the one session-aware path: calls and files alike (ADR 207)', () => {
  it('a call refused once renews once and retries with the new token', async () => {
    const { session, renew, signOut } = sessionWith('old', 'new');
    const { call, tokens } = profileCall(session, ['refused', 'ok']);
    await expect(call()).resolves.toEqual({ id: 1 });
    expect(tokens).toEqual(['old', 'new']);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(renew).toHaveBeenCalledWith('old');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('a file refused once renews once and retries with the new token', async () => {
    const { session, renew, signOut } = sessionWith('old', 'new');
    const { stream, tokens } = fileStream(session, [401, 200]);
    expect((await stream()).status).toBe(200);
    expect(tokens).toEqual(['old', 'new']);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('a call refused again after the renewal signs out and sends the visitor to /', async () => {
    const { session, renew, signOut } = sessionWith('old', 'new');
    const { call, tokens } = profileCall(session, ['refused', 'refused', 'ok']);
    expect(isSignOutRedirect(await thrown(call()))).toBe(true);
    expect(tokens).toEqual(['old', 'new']);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('a file refused again after the renewal signs out and sends the visitor to /', async () => {
    const { session, renew, signOut } = sessionWith('old', 'new');
    const { stream, tokens } = fileStream(session, [401, 401, 200]);
    expect(isSignOutRedirect(await thrown(stream()))).toBe(true);
    expect(tokens).toEqual(['old', 'new']);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('a session that cannot be renewed is signed out, for a call and for a file, without a second attempt', async () => {
    const forCall = sessionWith('old', null);
    const call = profileCall(forCall.session, ['refused', 'ok']);
    expect(isSignOutRedirect(await thrown(call.call()))).toBe(true);
    expect(call.tokens).toEqual(['old']);
    expect(forCall.signOut).toHaveBeenCalledTimes(1);

    const forFile = sessionWith('old', null);
    const file = fileStream(forFile.session, [401, 200]);
    expect(isSignOutRedirect(await thrown(file.stream()))).toBe(true);
    expect(file.tokens).toEqual(['old']);
    expect(forFile.signOut).toHaveBeenCalledTimes(1);
  });

  it('without a session a required call signs out before anything is sent; a file is asked for without a token', async () => {
    const forCall = sessionWith(null, null);
    const call = profileCall(forCall.session, ['ok']);
    expect(isSignOutRedirect(await thrown(call.call()))).toBe(true);
    expect(call.tokens).toEqual([]);

    const forFile = sessionWith(null, null);
    const file = fileStream(forFile.session, [200]);
    expect((await file.stream()).status).toBe(200);
    expect(file.tokens).toEqual([null]);
    expect(forFile.renew).not.toHaveBeenCalled();
  });

  it('never puts a token into what it throws', async () => {
    const { session } = sessionWith('secret-old', 'secret-new');
    const { call } = profileCall(session, ['refused', 'refused']);
    const error = await thrown(call());
    expect(JSON.stringify(error) + String(error)).not.toContain('secret');
  });
});
