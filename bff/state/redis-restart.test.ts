import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startRedis, type RedisService } from '../../lab/services/redis';
import { createLogger } from '../log.server';
import { createSealer } from '../session/seal.server';
import { days } from '#shared/time';
import { createRedisState } from './redis-state.server';
import type { SharedState } from './shared-state';

/**
 * A data node killed and started again with its append-only file, as `Restart=always` does on a data host: every
 * logout, session end, limit and cache generation written before the kill is there after it (ADR 229). Redis 7.0
 * replays the file's MULTI/EXEC blocks (a logout's revocations, a generation's INCR with its PEXPIRE, a limiter's
 * script) under the `default` user's permissions: with the bare `user default off` it dropped every one.
 */
const secrets = ['unit-test-secret-unit-test-secret-unit-test'];
let redis: RedisService;
const opened: SharedState[] = [];

beforeAll(async () => {
  redis = await startRedis({ keyPatterns: ['restart:*'], persist: true });
});
afterAll(async () => {
  await Promise.all(opened.map((state) => state.close()));
  await redis.close();
});

async function make() {
  const state = createRedisState({
    connection: { kind: 'url', url: redis.url, ...redis.credentials.portal },
    keyPrefix: 'restart:',
    secrets,
    sealer: createSealer(secrets),
    keepMs: days(1),
    log: createLogger({ logLevel: 'silent' }),
  });
  opened.push(state);
  await state.ready(5_000);
  return state;
}

describe('a data node restarted from its append-only file (ADR 229)', () => {
  it('keeps every revocation, session end, limit and cache generation written before a SIGKILL', async () => {
    const admin = new Redis(redis.adminUrl);
    try {
      // Each acknowledged write is in the file when its answer comes (the deployed `everysec` may leave the last
      // second in the kernel's buffers, which a process's SIGKILL does not lose either; this makes it certain).
      await admin.config('SET', 'appendfsync', 'always');
      const before = await make();
      await before.sessions.revoke(['sid-1', 'access-1', 'refresh-1']);
      await before.sessions.endBefore(7, 1_000);
      await before.sessions.changed(7);
      const generation = await before.sessions.changed(7);
      const limiter = before.limiter('login', 5, 60);
      await limiter.consume('someone', 2);
      const read = await before.sessions.standing(['access-1', 'access-2'], [7], ['sid-1', 'sid-2']);
      expect([...read.revoked].sort()).toEqual(['access-1', 'sid-1']);

      await redis.kill();
      await redis.start();

      const after = await make();
      const standing = await after.sessions.standing(['access-1', 'access-2'], [7], ['sid-1', 'sid-2']);
      expect(standing).toEqual(read);
      expect(standing.endedBefore.get(7)).toBe(1_000);
      expect(standing.generation.get(7)).toBe(generation);
      expect((await after.limiter('login', 5, 60).get('someone'))?.consumedPoints).toBe(2);
      const log = await admin.call('INFO', 'persistence');
      expect(String(log)).toMatch(/aof_enabled:1/);
    } finally {
      admin.disconnect();
    }
  });
});
