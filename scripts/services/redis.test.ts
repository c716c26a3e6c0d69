import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisService } from './redis';

function portalRedisDirs() {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('portal-redis-'));
}

describe('startRedis', () => {
  let redis: RedisService | undefined;
  afterAll(() => redis?.close());

  it('starts a real redis-server on a free loopback port that keeps nothing on disk', async () => {
    redis = await startRedis();
    const client = new Redis(redis.url);
    try {
      expect(await client.set('k', 'v')).toBe('OK');
      expect(await client.get('k')).toBe('v');
      expect(await client.config('GET', 'save')).toEqual(['save', '']);
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'no']);
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
    } finally {
      client.disconnect();
    }
  });

  it('stops and starts again on the same port, empty, as after an outage', async () => {
    redis ??= await startRedis();
    const port = redis.port;
    const client = new Redis(redis.url, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => 50,
    });
    client.on('error', () => {});
    await new Promise((resolve) => client.once('ready', resolve));
    try {
      await client.set('before', '1');
      await redis.stop();
      expect(redis.running).toBe(false);
      await expect(client.get('before')).rejects.toThrow();
      await redis.start();
      expect(redis.port).toBe(port);
      const again = new Redis(redis.url);
      expect(await again.get('before')).toBeNull();
      again.disconnect();
    } finally {
      client.disconnect();
    }
  });

  it('removes its directory on close', async () => {
    const before = new Set(portalRedisDirs());
    const service = await startRedis();
    const created = portalRedisDirs().filter((name) => !before.has(name));
    expect(created).toHaveLength(1);
    await service.close();
    expect(existsSync(`${tmpdir()}/${created[0]}`)).toBe(false);
    expect(service.running).toBe(false);
  });
});
