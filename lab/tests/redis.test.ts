import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { newCredentials } from '../../scripts/deploy/redis-acl';
import { dataNodeConfig, startRedis, startRedisNode, type RedisService } from '../services/redis';

function portalRedisDirs() {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('portal-redis-'));
}

/** A client that fails at once rather than retrying. */
function quick(url: string) {
  const client = new Redis(url, {
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    lazyConnect: true,
    enableReadyCheck: false,
  });
  client.on('error', () => {});
  return client;
}

describe('startRedis', () => {
  let redis: RedisService | undefined;
  afterAll(() => redis?.close());

  it('starts a real redis-server on a free loopback port that keeps nothing on disk', async () => {
    redis = await startRedis();
    const client = new Redis(redis.adminUrl);
    try {
      expect(await client.set('k', 'v')).toBe('OK');
      expect(await client.get('k')).toBe('v');
      expect(await client.config('GET', 'save')).toEqual(['save', '']);
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'no']);
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
      expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    } finally {
      client.disconnect();
    }
  });

  it('asks every client for a password, and gives the portal its own commands on its own keys only (ADR 229)', async () => {
    redis ??= await startRedis();
    const anonymous = quick(redis.url);
    await expect(anonymous.connect().then(() => anonymous.get('portal:x'))).rejects.toThrow(/NOAUTH|WRONGPASS/);
    anonymous.disconnect();
    const wrong = quick(`redis://portal:not-the-password@${redis.url.slice('redis://'.length)}`);
    const refused = new Promise<Error>((resolve) => wrong.on('error', resolve));
    await wrong.connect().catch(() => {});
    expect((await refused).message).toMatch(/WRONGPASS/);
    wrong.disconnect();

    const portal = new Redis(redis.portalUrl);
    try {
      expect(await portal.set('portal:k', 'v', 'PX', 1000)).toBe('OK');
      expect(await portal.eval("return redis.call('get', KEYS[1])", 1, 'portal:k')).toBe('v');
      await expect(portal.get('other:k')).rejects.toThrow(/NOPERM/);
      await expect(portal.eval("return redis.call('get', 'other:k')", 0)).rejects.toThrow(/can't access/);
      for (const command of [['flushall'], ['config', 'get', 'requirepass'], ['keys', '*'], ['acl', 'list']]) {
        await expect(portal.call(command[0]!, ...command.slice(1))).rejects.toThrow(/NOPERM/);
      }
    } finally {
      portal.disconnect();
    }
  });

  it('keeps the passwords off every command line and in a configuration file only its owner reads', async () => {
    redis ??= await startRedis();
    const { pid } = redis.child!;
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const { portal, admin, replication, sentinel } = redis.credentials;
    for (const user of [portal, admin, replication, sentinel]) {
      expect(user.password.length).toBeGreaterThanOrEqual(32);
      expect(commandLine).not.toContain(user.password);
      expect(redis.url).not.toContain(user.password);
    }
    const adminClient = new Redis(redis.adminUrl);
    const [, dir] = (await adminClient.config('GET', 'dir')) as [string, string];
    adminClient.disconnect();
    const file = `${dir}/redis.conf`;
    expect(readFileSync(file, 'utf8')).toContain(portal.password);
    expect(statSync(file).mode & 0o077).toBe(0);
    const other = await startRedis();
    expect(other.credentials.portal.password).not.toBe(portal.password);
    await other.close();
  });

  it('stops and starts again on the same port, empty, as after an outage', async () => {
    redis ??= await startRedis();
    const port = redis.port;
    const client = new Redis(redis.portalUrl, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => 50,
    });
    client.on('error', () => {});
    await new Promise((resolve) => client.once('ready', resolve));
    try {
      await client.set('portal:before', '1');
      await redis.stop();
      expect(redis.running).toBe(false);
      await expect(client.get('portal:before')).rejects.toThrow();
      await redis.start();
      expect(redis.port).toBe(port);
      const again = new Redis(redis.portalUrl);
      expect(await again.get('portal:before')).toBeNull();
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

describe('startRedisNode', () => {
  it('starts a node through a command prefix (as `ip netns exec <host>` would), and pauses, resumes and kills it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-redis-node-'));
    const credentials = newCredentials();
    const node = await startRedisNode({
      kind: 'data',
      name: 'node',
      dir,
      // A prefix that leaves a mark and runs what follows it, as `ip netns exec <host>` does.
      node: { host: '127.0.0.1', prefix: ['sh', '-c', `echo started >> ${dir}/marks; exec "$0" "$@"`] },
      admin: credentials.admin,
      configure: ({ host, port }) =>
        dataNodeConfig({ host, port, dir, name: 'node', credentials, keyPatterns: ['portal:*'], persist: false }),
    });
    try {
      // The server and every redis-cli (its readiness probe, `cli()`) went through the prefix.
      const marks = () => readFileSync(`${dir}/marks`, 'utf8').split('\n').filter(Boolean).length;
      const before = marks();
      expect(before).toBeGreaterThanOrEqual(2);
      expect((await node.cli(['PING'])).trim()).toBe('PONG');
      expect(marks()).toBe(before + 1);
      expect(node.address).toBe(`127.0.0.1:${node.port}`);
      node.pause();
      expect(node.paused).toBe(true);
      await expect(node.cli(['PING'])).rejects.toThrow();
      node.resume();
      expect((await node.cli(['PING'])).trim()).toBe('PONG');
      await node.kill();
      expect(node.running).toBe(false);
      await node.start();
      expect((await node.cli(['PING'], credentials.portal)).trim()).toBe('PONG');
    } finally {
      await node.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
