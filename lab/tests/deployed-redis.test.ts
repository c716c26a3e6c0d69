import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataNodeUsers, newCredentials, sentinelUsers, type RedisCredentials } from '../../scripts/deploy/redis-acl';
import { startRedisNode, type RedisNode } from '../services/redis';
import { root } from '../../scripts/processes';

/**
 * The data host's Redis and Sentinel as deploy/systemd/redis configures them, on Debian's packages: Debian's own
 * /etc/redis/redis.conf with the portal's include, `users.acl.example` and `sentinel.conf` with passwords set
 * (ADR 229). Only what a machine has and a test cannot (its private address, port 6379 and
 * 26379, /etc/redis, the unit's daemonize/pidfile/log) is replaced, each replacement checked to have matched.
 */

const deployed = (file: string) => readFileSync(path.join(root, 'deploy/systemd/redis', file), 'utf8');

/** `text` with each line matching a pattern replaced; throws if one matches nothing (the deployed file changed). */
function replaced(text: string, rules: [RegExp, string][]): string {
  let lines = text.split('\n');
  for (const [pattern, line] of rules) {
    if (!lines.some((l) => pattern.test(l))) throw new Error(`no line matches ${pattern}`);
    lines = lines.map((l) => (pattern.test(l) ? line : l));
  }
  return lines.join('\n');
}

const withPasswords = (text: string, credentials: RedisCredentials) =>
  Object.values(credentials).reduce(
    (result: string, user) => result.replaceAll(`CHANGE-ME-${user.username}`, user.password),
    text,
  );

/** A client that tries once, as nobody. */
function anonymous(node: RedisNode) {
  const client = new Redis({
    host: node.host,
    port: node.port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableReadyCheck: false,
  });
  client.on('error', () => {});
  return client;
}

let dir: string;
let credentials: RedisCredentials;
let data: RedisNode;
let sentinel: RedisNode;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-deployed-redis-'));
  credentials = newCredentials();
  const etc = (file: string) => path.join(dir, file);
  writeFileSync(etc('users.acl'), withPasswords(deployed('users.acl.example'), credentials), { mode: 0o600 });
  writeFileSync(etc('masterauth.conf'), `masterauth ${credentials.replication.password}\n`, { mode: 0o600 });
  writeFileSync(etc('portal-redis.conf'), deployed('portal-redis.conf').replaceAll('/etc/redis/', `${dir}/`));
  data = await startRedisNode({
    kind: 'data',
    name: 'data',
    dir,
    admin: credentials.admin,
    configure: ({ host, port }) => [
      // As Debian's unit starts it: its redis.conf, which includes the portal's at its end.
      'include /etc/redis/redis.conf',
      `include ${etc('portal-redis.conf')}`,
      `bind ${host}`,
      `port ${port}`,
      'daemonize no',
      `pidfile ${etc('data.pid')}`,
      'logfile ""',
      `dir ${dir}`,
      // A lone node: no replica to acknowledge a write (a data host has two).
      'min-replicas-to-write 0',
    ],
  });
  sentinel = await startRedisNode({
    kind: 'sentinel',
    name: 'sentinel',
    dir,
    admin: credentials.admin,
    configure: ({ host, port }) =>
      replaced(withPasswords(deployed('sentinel.conf'), credentials), [
        [/^bind /, `bind ${host}`],
        [/^port /, `port ${port}`],
        [/^daemonize /, 'daemonize no'],
        [/^pidfile /, `pidfile ${etc('sentinel.pid')}`],
        [/^logfile /, 'logfile ""'],
        [/^dir /, `dir ${dir}`],
        [/^sentinel monitor portal /, `sentinel monitor portal ${data.host} ${data.port} 2`],
      ]).split('\n'),
  });
});

afterAll(async () => {
  await sentinel?.stop();
  await data?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a data host as deploy/systemd/redis configures it', () => {
  it('its files are the scripts’: the users of the data nodes and of the sentinels, private binds', () => {
    const placeholders = Object.fromEntries(
      Object.entries(credentials).map(([role, user]) => [
        role,
        { username: user.username, password: `CHANGE-ME-${user.username}` },
      ]),
    ) as unknown as RedisCredentials;
    const users = (file: string) =>
      deployed(file)
        .split('\n')
        .filter((line) => line.startsWith('user '));
    expect(users('users.acl.example')).toEqual(dataNodeUsers(placeholders, ['portal:*']));
    expect(users('sentinel.conf')).toEqual(sentinelUsers(placeholders));
    for (const file of ['portal-redis.conf', 'sentinel.conf']) {
      const bind = deployed(file)
        .match(/^bind (.+)$/m)![1]!
        .split(' ');
      expect(bind.every((address) => /^(10\.|127\.0\.0\.1$)/.test(address))).toBe(true);
      expect(deployed(file)).toMatch(/^protected-mode yes$/m);
    }
  });

  it('Redis refuses a client without a password, and keeps a logout’s MULTI through a SIGKILL (ADR 229)', async () => {
    const nobody = anonymous(data);
    await expect(nobody.connect().then(() => nobody.ping())).rejects.toThrow(/NOAUTH/);
    nobody.disconnect();
    const portal = new Redis({ host: data.host, port: data.port, ...credentials.portal });
    try {
      await portal.multi().set('portal:revoked:a', '1', 'PX', 60_000).set('portal:revoked:b', '1', 'PX', 60_000).exec();
      await expect(portal.call('FLUSHALL')).rejects.toThrow(/NOPERM/);
      expect(await data.cli(['CONFIG', 'GET', 'maxmemory-policy'])).toContain('noeviction');
      expect(await data.cli(['CONFIG', 'GET', 'appendonly'])).toContain('yes');
      // The write is in the file's kernel buffer before its answer: a process killed loses nothing of it.
      await data.kill();
      await data.start();
      expect(await portal.mget('portal:revoked:a', 'portal:revoked:b')).toEqual(['1', '1']);
    } finally {
      portal.disconnect();
    }
  });

  it('Sentinel refuses anyone without a password, and lets the portal only learn where the primary is (ADR 229)', async () => {
    for (const command of [
      ['PING'],
      ['SENTINEL', 'REMOVE', 'portal'],
      ['SENTINEL', 'MONITOR', 'elsewhere', '127.0.0.1', '1', '1'],
      ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', 'portal'],
    ]) {
      const nobody = anonymous(sentinel);
      await expect(nobody.connect().then(() => nobody.call(command[0]!, ...command.slice(1)))).rejects.toThrow(
        /NOAUTH/,
      );
      nobody.disconnect();
    }
    const portal = new Redis({ host: sentinel.host, port: sentinel.port, ...credentials.portal });
    try {
      expect(await portal.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', 'portal')).toEqual([
        data.host,
        String(data.port),
      ]);
      for (const command of [
        ['SENTINEL', 'REMOVE', 'portal'],
        ['SENTINEL', 'MONITOR', 'elsewhere', '127.0.0.1', '1', '1'],
        ['SENTINEL', 'SET', 'portal', 'down-after-milliseconds', '1'],
        ['SENTINEL', 'FAILOVER', 'portal'],
        ['SENTINEL', 'CONFIG', 'SET', 'resolve-hostnames', 'yes'],
        ['ACL', 'LIST'],
      ]) {
        await expect(portal.call(command[0]!, ...command.slice(1))).rejects.toThrow(/NOPERM/);
      }
      await expect(portal.subscribe('+sdown')).rejects.toThrow(/NOPERM/);
      expect(await portal.subscribe('+switch-master')).toBe(1);
    } finally {
      portal.disconnect();
    }
    // The sentinel itself logs in to the data node with its own user (`auth-user`): it reads the primary's INFO.
    await expect
      .poll(
        async () => {
          const master = (await sentinel.cli(['SENTINEL', 'MASTER', 'portal'])).trim().split('\n');
          return Number(master[master.indexOf('info-refresh') + 1]);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeLessThan(15_000);
    expect(await sentinel.cli(['SENTINEL', 'MASTERS'])).not.toContain('mymaster');
  });
});
