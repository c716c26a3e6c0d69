import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { CallName } from '#contract';
import { createMemoryState } from '../state/memory-state.server';
import type { SharedState } from '../state/shared-state';
import type { SessionPort } from './session-port';
import { createReadCache, readKey } from './cache.server';
import type { Send } from './client.server';
import { authorQuestionsCalls } from './author-questions.server';
import { certificateCalls } from './certificate.server';
import { createSessionCall } from './session-client.server';
import { supportCalls } from './support.server';
import { UpstreamError } from './errors.server';
import { createTimings } from './timings.server';

/** A signed-in session of `userId` whose token the upstream accepts; its cache generation in `state`. */
function sessionOf(userId: number | null, state: SharedState): SessionPort {
  return {
    user: async () => (userId === null ? null : { id: userId }),
    authToken: async () => (userId === null ? null : `token-of-${userId}`),
    renew: async () => null,
    signOut: () => undefined,
    readScope: async () => {
      if (userId === null) return null;
      const { generation } = await state.sessions.standing([], [userId]);
      return { userId, generation: generation.get(userId)! };
    },
    changed: async () => {
      if (userId !== null) await state.sessions.changed(userId);
    },
  } as unknown as SessionPort;
}

function setup() {
  const sent: { name: CallName; token: string | null | undefined }[] = [];
  const send = vi.fn(async (name: CallName, input?: { token?: string | null }) => {
    sent.push({ name, token: input?.token });
    if (name === 'profile') return { id: 1, firstName: `ответ ${sent.length}` };
    if (name === 'supportList') return { requests: [] };
    return {};
  }) as unknown as Send;
  const cache = createReadCache();
  const state = createMemoryState({ keepMs: 60_000 });
  /** One request of `userId`: its own call function and Server-Timing, the process's cache. */
  const request = (userId: number | null) => {
    const timings = createTimings();
    return { call: createSessionCall({ send, session: sessionOf(userId, state), cache, timings }), timings };
  };
  return { sent, cache, request };
}

/** The banners call answering after `ms`, or refused as unavailable once its signal aborts; `signals` get each call's. */
function slowBanners(ms: number, signals: AbortSignal[]) {
  return vi.fn(
    (_name: CallName, input?: { signal?: AbortSignal }) =>
      new Promise((resolve, reject) => {
        signals.push(input!.signal!);
        const timer = setTimeout(() => resolve({ items: [] }), ms);
        input?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new UpstreamError('unavailable', 'bannersList', null));
        });
      }),
  ) as unknown as Send & ReturnType<typeof vi.fn>;
}

describe('the read cache behind context.rest', () => {
  it('answers a shared read from the cache in later requests, whoever asks', async () => {
    const { sent, request } = setup();
    const first = request(1);
    const a = await first.call('bannersList', {}, { cache: 'shared' });
    const second = request(2);
    const b = await second.call('bannersList', {}, { cache: 'shared' });
    expect(b).toEqual(a);
    expect(sent).toHaveLength(1);
  });

  it('says in Server-Timing when a per-user read came from the cache', async () => {
    const { request } = setup();
    const first = request(1);
    await first.call('profile', {}, { cache: 'user' });
    const second = request(1);
    await second.call('profile', {}, { cache: 'user' });
    expect(first.timings.header()).toMatch(/^rest-1-profile;dur=\d+\.\d$/);
    expect(second.timings.header()).toBe('rest-1-profile;desc="cache"');
  });

  it('keeps per-user reads apart and drops only the mutating user’s after a mutation', async () => {
    const { sent, request } = setup();
    await request(1).call('profile', {}, { cache: 'user' });
    await request(2).call('profile', {}, { cache: 'user' });
    await request(1).call('profile', {}, { cache: 'user' });
    expect(sent.map((s) => s.token)).toEqual(['token-of-1', 'token-of-2']);

    await request(1).call('popup', { query: { popup: 'welcome', value: 'Y' } });
    await request(1).call('profile', {}, { cache: 'user' });
    await request(2).call('profile', {}, { cache: 'user' });
    expect(sent.map((s) => `${s.name}:${s.token}`)).toEqual([
      'profile:token-of-1',
      'profile:token-of-2',
      'popup:token-of-1',
      'profile:token-of-1',
    ]);
  });

  it('does not cache a read without a policy, nor a per-user read without a user to file it under', async () => {
    const { sent, request } = setup();
    await request(1).call('profile');
    await request(1).call('profile');
    expect(sent).toHaveLength(2);
    expect(readKey('user', 'profile', {}, null)).toBeNull();
    expect(readKey('shared', 'profile', { b: '2', a: '1' }, null)).toBe(
      readKey('shared', 'profile', { a: '1', b: '2' }, 7),
    );
  });

  it('never keeps a failed read', async () => {
    const cache = createReadCache();
    const failing = cache.read('shared:x', () => Promise.reject(new Error('upstream down')));
    await expect(failing.value).rejects.toThrow('upstream down');
    const retried = cache.read('shared:x', async () => 'answer');
    expect(retried.hit).toBe(false);
    await expect(retried.value).resolves.toBe('answer');
  });

  it('does not call a read off while a request that cannot leave still waits for it', async () => {
    const cache = createReadCache();
    let own: AbortSignal | undefined;
    const load = (signal: AbortSignal) => {
      own = signal;
      return sleep(30, 'answer');
    };
    const staying = cache.read('shared:y', load);
    const leaving = new AbortController();
    const left = cache.read('shared:y', load, leaving.signal);
    leaving.abort();
    await expect(left.value).rejects.toThrow();
    await expect(staying.value).resolves.toBe('answer');
    expect(own!.aborted).toBe(false);
  });

  it('forgets an entry left unused for its lifetime', async () => {
    const cache = createReadCache({ maxAgeMs: 20 });
    await cache.read('shared:x', async () => 'old').value;
    await sleep(60);
    expect(cache.read('shared:x', async () => 'new').hit).toBe(false);
  });

  it('forgets an entry at its maximum age however often it is read (issue 15, defect 2)', async () => {
    const cache = createReadCache({ maxAgeMs: 100 });
    await cache.read('user:1:0:supportList?[]', async () => 'old').value;
    const started = Date.now();
    let hit = true;
    // Read every 10 ms: with the age renewed on every read, the entry would never expire.
    while (hit && Date.now() - started < 400) {
      await sleep(10);
      hit = cache.read('user:1:0:supportList?[]', async () => 'new').hit;
    }
    expect(hit).toBe(false);
    expect(Date.now() - started).toBeLessThan(300);
  });

  it('a shared read outlives a waiter who gives up: the others get the answer, the one who left its 504 (issue 25, 4)', async () => {
    const started: AbortSignal[] = [];
    const send = slowBanners(100, started);
    const cache = createReadCache();
    const state = createMemoryState({ keepMs: 60_000 });
    const visitor = (userId: number, signal: AbortSignal) =>
      createSessionCall({ send, session: sessionOf(userId, state), cache, timings: createTimings(), signal });
    const leaving = new AbortController();
    const staying = new AbortController();
    const gaveUp = visitor(1, leaving.signal)('bannersList', {}, { cache: 'shared' });
    const waited = visitor(2, staying.signal)('bannersList', {}, { cache: 'shared' });
    setTimeout(() => leaving.abort(), 20);

    await expect(gaveUp).rejects.toMatchObject({ init: { status: 504 } });
    await expect(waited).resolves.toEqual({ items: [] });
    expect(send).toHaveBeenCalledTimes(1);
    // The upstream call ran under a signal of its own, not under either visitor's.
    expect(started[0]).not.toBe(leaving.signal);
    expect(started[0]!.aborted).toBe(false);
  });

  it('a shared read no waiter waits for any more is called off, and the next request asks afresh', async () => {
    const signals: AbortSignal[] = [];
    const send = slowBanners(60, signals);
    const cache = createReadCache();
    const state = createMemoryState({ keepMs: 60_000 });
    const gone = new AbortController();
    const read = createSessionCall({
      send,
      session: sessionOf(1, state),
      cache,
      timings: createTimings(),
      signal: gone.signal,
    });
    const left = read('bannersList', {}, { cache: 'shared' });
    setTimeout(() => gone.abort(), 10);
    await expect(left).rejects.toMatchObject({ init: { status: 504 } });
    expect(signals[0]!.aborted).toBe(true);
    const next = createSessionCall({ send, session: sessionOf(2, state), cache, timings: createTimings() });
    await expect(next('bannersList', {}, { cache: 'shared' })).resolves.toEqual({ items: [] });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('Server-Timing tells nobody whether someone else made the same shared read (issue 25, 5)', async () => {
    const { request } = setup();
    const first = request(1);
    await first.call('bannersList', {}, { cache: 'shared' });
    const second = request(2);
    await second.call('bannersList', {}, { cache: 'shared' });
    expect(second.timings.header()).toBe(first.timings.header());
    expect(first.timings.header()).toBe('rest-1-bannersList;desc="shared"');
  });

  it('sends a shared read without anyone’s token, and files it under the same key whoever asks', async () => {
    const { sent, request } = setup();
    await request(1).call('scenariosList', { query: { q: 'закон' } }, { cache: 'shared' });
    await request(2).call('scenariosList', { query: { q: 'закон' } }, { cache: 'shared' });
    await request(null).call('scenariosList', { query: { q: 'закон' } }, { cache: 'shared' });
    expect(sent).toEqual([{ name: 'scenariosList', token: undefined }]);
    // @ts-expect-error the contract does not say the profile is the same for everyone: it cannot be shared
    expect(() => request(1).call('profile', {}, { cache: 'shared' })).toBeDefined();
  });

  it('never caches what staff change on the provider’s side: support replies, authors’ answers, certificates', async () => {
    const { sent, request } = setup();
    const rest = (userId: number) => {
      const call = request(userId).call;
      return { support: supportCalls(call), authors: authorQuestionsCalls(call), certificate: certificateCalls(call) };
    };
    for (let i = 0; i < 2; i++) {
      const r = rest(1);
      await r.support.list();
      await r.authors.list().catch(() => undefined);
      await r.certificate.mine().catch(() => undefined);
    }
    expect(sent.map((s) => s.name)).toEqual([
      'supportList',
      'authorQuestionsList',
      'certificate',
      'supportList',
      'authorQuestionsList',
      'certificate',
    ]);
  });
});
