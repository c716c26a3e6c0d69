import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.server';
import { createLogger } from '../log.server';
import type { Send } from '../rest/client.server';
import { createRedisState } from '../state/redis-state.server';
import type { SharedState } from '../state/shared-state';
import { FIXTURE_SECRET, STATE_KINDS, useSharedStates } from '../../tests/state-fixture';
import { UpstreamError } from '../rest/errors.server';
import { createSessionStore } from './session.server';
import { createSealer } from './seal.server';

/**
 * Two portal instances (two session stores, each with its own shared-state client) on one shared state: what one
 * instance ends, the other refuses, before anything could be answered from its cache. In
 * memory both instances share one state object, as one process would.
 */

const states = useSharedStates();
const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example', SESSION_SECRET: FIXTURE_SECRET });
const login = { id: 7, token: { authToken: 'auth-1', refreshToken: 'refresh-1' } };
const upstream = vi.fn(async () => ({})) as unknown as Send;

const statesOf = new WeakMap<object, SharedState>();
function instance(state: SharedState, send: Send = upstream) {
  const store = createSessionStore({ config, send, log: createLogger({ logLevel: 'silent' }), state });
  statesOf.set(store, state);
  return store;
}
const stateOf = (store: ReturnType<typeof instance>) => statesOf.get(store)!;

/** The Cookie header a browser would send back after these Set-Cookie values (cleared ones left out). */
const sentBack = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

/** An upstream that refreshes any refresh token into a new auth token, and whose logout may fail. */
function refreshingUpstream(logout: 'works' | 'fails') {
  let minted = 0;
  return vi.fn(async (name: string) => {
    if (name === 'refresh') return { id: 7, token: { authToken: `auth-minted-${++minted}` } };
    if (name === 'logout' && logout === 'fails') throw new UpstreamError('unavailable', 'logout', null);
    return {};
  }) as unknown as Send;
}

async function cookiesFrom(store: ReturnType<typeof instance>) {
  const session = store.forRequest({});
  await session.signIn(login);
  return session
    .setCookieHeaders()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

describe.each(STATE_KINDS)('sessions over two instances (%s)', (kind) => {
  async function twoInstances(send: Send = upstream) {
    const first = await states.make(kind);
    if (kind === 'memory') return { a: instance(first, send), b: instance(first, send), close: async () => {} };
    // The second instance's own client, on the first one's keys.
    const second = createRedisState({
      connection: states.connection(),
      keyPrefix: states.prefixOf(first),
      secrets: [FIXTURE_SECRET],
      sealer: createSealer([FIXTURE_SECRET]),
      keepMs: config.session.maxAgeMs,
      log: createLogger({ logLevel: 'silent' }),
    });
    await second.ready(5_000);
    return { a: instance(first, send), b: instance(second, send), close: () => second.close() };
  }

  it('a logout through one instance, acknowledged by the upstream, is refused by the other', async () => {
    const { a, b, close } = await twoInstances();
    try {
      const cookieHeader = await cookiesFrom(a);
      expect(await b.forRequest({ cookieHeader }).user()).toEqual({ id: 7 });
      await a.forRequest({ cookieHeader }).logOut();
      const replayed = b.forRequest({ cookieHeader });
      expect(await replayed.readScope()).toBeNull();
      expect(await replayed.user()).toBeNull();
    } finally {
      await close();
    }
  });

  it('a password change through one instance ends the earlier sessions on the other, not the new one', async () => {
    const { a, b, close } = await twoInstances();
    try {
      const old = await cookiesFrom(a);
      const changing = a.forRequest({ cookieHeader: old });
      await changing.endEarlierSessions();
      await sleep(2);
      const renewed = await cookiesFrom(a);
      expect(await b.forRequest({ cookieHeader: old }).user()).toBeNull();
      expect(await b.forRequest({ cookieHeader: renewed }).user()).toEqual({ id: 7 });
    } finally {
      await close();
    }
  });

  it('a change made through one instance moves the cache generation the other reads', async () => {
    const { a, b, close } = await twoInstances();
    try {
      const cookieHeader = await cookiesFrom(a);
      const before = await b.forRequest({ cookieHeader }).readScope();
      await a.forRequest({ cookieHeader }).changed();
      const after = await b.forRequest({ cookieHeader }).readScope();
      expect(after).toEqual({ userId: 7, generation: before!.generation + 1 });
    } finally {
      await close();
    }
  });

  // Issue 25, finding 1: a thief who copied the refresh cookie and refreshed in their own browser holds an auth
  // cookie with a token the owner never saw. The owner's logout must end it all the same: by session, not by token.
  it.each([
    ['holding only the refresh cookie', 'works', 'refresh only'],
    ['holding both cookies, the upstream’s logout failing', 'fails', 'both'],
  ] as const)(
    'a session minted from a copied refresh cookie ends with the owner’s logout, %s',
    async (_, logout, held) => {
      const { a, b, close } = await twoInstances(refreshingUpstream(logout));
      try {
        const owner = a.forRequest({});
        await owner.signIn(login);
        const [authLine, refreshLine] = owner.setCookieHeaders();
        // The thief's browser: the copied refresh cookie, refreshed through the other instance.
        const thief = b.forRequest({ cookieHeader: sentBack([refreshLine!]) });
        expect(await thief.user()).toEqual({ id: 7 });
        const minted = sentBack(thief.setCookieHeaders().filter((c) => c.includes('vptk=') && !c.includes('rvptk=')));
        expect(minted).toMatch(/vptk=Fe26/);
        expect(await b.forRequest({ cookieHeader: minted }).user()).toEqual({ id: 7 });

        const ownerCookies = sentBack(held === 'both' ? [authLine!, refreshLine!] : [refreshLine!]);
        await a.forRequest({ cookieHeader: ownerCookies }).logOut();

        for (const store of [a, b]) {
          const replayed = store.forRequest({ cookieHeader: minted });
          expect(await replayed.readScope()).toBeNull();
          expect(await replayed.user()).toBeNull();
        }
      } finally {
        await close();
      }
    },
  );

  // Issue 25, finding 2: a logout or a password change the shared state could not record (Redis away) must not
  // pass for a success, and must be recorded once the state answers again, so that no instance keeps answering a
  // copy of the cookies from its cache.
  it.each(['logout', 'password change'] as const)(
    'a %s the shared state cannot record is reported, and recorded once the state is back',
    async (what) => {
      const { a, b, close } = await twoInstances();
      try {
        const cookieHeader = await cookiesFrom(a);
        expect(await b.forRequest({ cookieHeader }).user()).toEqual({ id: 7 });
        const away = new Error('redis away');
        const revoke = vi.spyOn(stateOf(a).sessions, 'revoke').mockRejectedValue(away);
        const endBefore = vi.spyOn(stateOf(a).sessions, 'endBefore').mockRejectedValue(away);
        const session = a.forRequest({ cookieHeader });
        const confirmed = what === 'logout' ? (await session.logOut()).confirmed : await session.endEarlierSessions();
        expect(confirmed).toBe(false);
        revoke.mockRestore();
        endBefore.mockRestore();
        await vi.waitFor(async () => expect(await b.forRequest({ cookieHeader }).user()).toBeNull(), {
          timeout: 5_000,
          interval: 100,
        });
      } finally {
        await close();
      }
    },
  );
});
