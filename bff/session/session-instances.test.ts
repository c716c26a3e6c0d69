import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.server';
import { createLogger } from '../log.server';
import type { Send } from '../rest/client.server';
import { createRedisState } from '../state/redis-state.server';
import type { SharedState } from '../state/shared-state';
import { FIXTURE_SECRET, STATE_KINDS, useSharedStates } from '../state/state-fixture';
import { createSessionStore } from './session.server';
import { createSealer } from './seal.server';

/**
 * Two portal instances (two session stores, each with its own shared-state client) on one shared state: what one
 * instance ends, the other refuses, before anything could be answered from its cache (ADR 008, ADR 022). In
 * memory both instances share one state object, as one process would.
 */

const states = useSharedStates();
const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example', SESSION_SECRET: FIXTURE_SECRET });
const login = { id: 7, token: { authToken: 'auth-1', refreshToken: 'refresh-1' } };
const upstream = vi.fn(async () => ({})) as unknown as Send;

function instance(state: SharedState) {
  return createSessionStore({ config, send: upstream, log: createLogger({ logLevel: 'silent' }), state });
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
  async function twoInstances() {
    const first = await states.make(kind);
    if (kind === 'memory') return { a: instance(first), b: instance(first), close: async () => {} };
    // The second instance's own client, on the first one's keys.
    const second = createRedisState({
      url: states.redis!.url,
      keyPrefix: states.prefixOf(first),
      secrets: [FIXTURE_SECRET],
      sealer: createSealer([FIXTURE_SECRET]),
      keepMs: config.session.maxAgeMs,
      log: createLogger({ logLevel: 'silent' }),
    });
    await second.ready(5_000);
    return { a: instance(first), b: instance(second), close: () => second.close() };
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
      await new Promise((resolve) => setTimeout(resolve, 2));
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
});
