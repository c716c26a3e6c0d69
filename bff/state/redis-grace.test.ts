import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisService } from '../../lab/services/redis';
import { createLogger } from '../log.server';
import { createSealer } from '../session/seal.server';
import { days } from '#shared/time';
import { createRedisState } from './redis-state.server';
import type { SharedState } from './shared-state';

/**
 * While Redis does not answer (a failover's seconds), a session's standing is served as it was last
 * read, never older than the grace; what this instance was asked to end is refused here at once.
 */
const GRACE_MS = 1_500;
const secrets = ['unit-test-secret-unit-test-secret-unit-test'];
let redis: RedisService;
const opened: SharedState[] = [];

beforeAll(async () => {
  redis = await startRedis({ keyPatterns: ['grace*'] });
});
afterAll(async () => {
  await Promise.all(opened.map((state) => state.close()));
  await redis.close();
});

let count = 0;
async function make(graceMs = GRACE_MS) {
  const state = createRedisState({
    connection: { kind: 'url', url: redis.url, ...redis.credentials.portal },
    keyPrefix: `grace${++count}:`,
    secrets,
    sealer: createSealer(secrets),
    keepMs: days(365),
    log: createLogger({ logLevel: 'silent' }),
    graceMs,
  });
  opened.push(state);
  await state.ready(5_000);
  return state;
}

describe('the last-known standing (ADR 229)', () => {
  it('serves a standing read within the grace while Redis is away, and refuses one older or never read', async () => {
    const { sessions } = await make();
    await sessions.revoke(['sid-revoked']);
    await sessions.endBefore(7, 1_000);
    const read = await sessions.standing(['token-a'], [7], ['sid-a', 'sid-revoked']);
    expect([...read.revoked]).toEqual(['sid-revoked']);

    await redis.stop();
    try {
      const served = await sessions.standing(['token-a'], [7], ['sid-a', 'sid-revoked']);
      expect(served).toEqual(read);
      // A token never read (refreshed meanwhile) is answered for by its session id, which a logout revokes with it.
      expect((await sessions.standing(['token-new'], [7], ['sid-a'])).revoked.size).toBe(0);
      // A session or a user never read has no standing to serve.
      await expect(sessions.standing([], [7], ['sid-never-read'])).rejects.toThrow();
      await expect(sessions.standing([], [8], ['sid-a'])).rejects.toThrow();
      await sleep(GRACE_MS + 100);
      await expect(sessions.standing(['token-a'], [7], ['sid-a'])).rejects.toThrow();
    } finally {
      await redis.start();
    }
  });

  it('refuses at once, here, what this instance was asked to end while Redis was away', async () => {
    const { sessions } = await make();
    await sessions.standing(['token-b'], [9], ['sid-b']);
    await redis.stop();
    try {
      await expect(sessions.revoke(['sid-b'])).rejects.toThrow();
      await expect(sessions.endBefore(9, 5_000)).rejects.toThrow();
      const standing = await sessions.standing(['token-b'], [9], ['sid-b']);
      expect([...standing.revoked]).toEqual(['sid-b']);
      expect(standing.endedBefore.get(9)).toBe(5_000);
    } finally {
      await redis.start();
    }
  });

  it('with no grace, refuses every standing while Redis is away (ADR 228)', async () => {
    const { sessions } = await make(0);
    await sessions.standing(['token-c'], [10], ['sid-c']);
    await redis.stop();
    try {
      await expect(sessions.standing(['token-c'], [10], ['sid-c'])).rejects.toThrow();
    } finally {
      await redis.start();
    }
  });
});
