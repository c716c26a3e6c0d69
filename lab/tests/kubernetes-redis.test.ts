import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubernetesRedisAcl, redisHaFullname, redisHaSentinels } from '../../scripts/deploy-config';
import { root } from '../../scripts/processes';
import { startRedisNode, type RedisNode } from '../services/redis';

/**
 * Issue 43: the Redis the portal reaches in Kubernetes, from deploy/kubernetes/redis/values.yaml. The names are
 * the chart's (its `redis-ha.fullname` computed from the values, scripts/deploy-config.ts) and the ones the
 * portal is given; the configuration the chart writes from the values (its `_configs.tpl`: `redis.config` as
 * `key value` lines with `requirepass`/`masterauth`, the sentinels' `customConfig` with the init's `monitor` line
 * and passwords) runs on Debian's redis-server and redis-sentinel with the ACL files of the Secret redis-acl: the
 * portal's user is there after every start, and on the sentinels it may only ask.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML
type Yaml = any;
const read = (file: string) => readFileSync(path.join(root, 'deploy/kubernetes', file), 'utf8');
const values = parse(read('redis/values.yaml')) as Yaml;
const chart = Object.fromEntries(
  read('redis/chart.env')
    .split('\n')
    .filter((line) => /^[A-Z]/.test(line))
    .map((line) => line.split('=') as [string, string]),
);
const settings = Object.fromEntries(
  read('portal-config.env')
    .split('\n')
    .filter((line) => /^[A-Z]/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('the redis-ha chart’s names and version, from the values', () => {
  it('the sentinels the portal is given are the announce Services the chart makes', () => {
    expect(redisHaFullname(values, chart.REDIS_RELEASE!)).toBe('portal-redis');
    expect(settings.REDIS_SENTINELS).toBe(redisHaSentinels(values, chart.REDIS_RELEASE!));
    // Without the override the chart calls them `<release>-redis-ha-announce-N` (the check can fail).
    expect(redisHaSentinels({ ...values, fullnameOverride: '' }, chart.REDIS_RELEASE!)).toMatch(
      /^portal-redis-redis-ha-announce-0:/,
    );
    expect(redisHaFullname({}, 'my-redis-ha')).toBe('my-redis-ha');
  });

  it('runs the Redis major version the tests run, at an exact version', () => {
    const tag = values.image.tag as string;
    expect(tag).toMatch(/^\d+\.\d+\.\d+-alpine$/);
    const local = /v=(\d+)\./.exec(execFileSync('redis-server', ['--version'], { encoding: 'utf8' }))![1];
    expect(tag.split('.')[0]).toBe(local);
  });
});

/** What the chart's `config-redis.conf` writes from the values, the passwords replaced as its init does. */
function chartRedisConf(auth: string): string[] {
  const lines = ['dir "/data"', 'port 6379'];
  for (const [key, value] of Object.entries(values.redis.config as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${key} ${one as string}`);
  }
  lines.push(`requirepass ${auth}`, `masterauth ${auth}`);
  return lines;
}

/** What the chart's init writes from `sentinel.customConfig`: `monitor` as its second line, the passwords. */
function chartSentinelConf(auth: string, sentinelAuth: string, primary: RedisNode): string[] {
  const lines = (values.sentinel.customConfig as string)
    .replaceAll('replace-default-sentinel-auth', sentinelAuth)
    .replaceAll('replace-default-auth', auth)
    .split('\n');
  lines.splice(1, 0, `sentinel monitor ${values.redis.masterGroupName} ${primary.host} ${primary.port} 1`);
  return lines;
}

/** `lines` with the pod's paths and port replaced by the test's, each replacement checked to have matched. */
function local(lines: string[], dir: string, port: number): string[] {
  const mount = values.redis.extraVolumeMounts[0].mountPath as string;
  const out = lines.map((line) =>
    line
      .replace(/^dir .*/, `dir ${dir}`)
      .replace(/^port .*/, `port ${port}`)
      .replace(`${mount}/`, `${dir}/`),
  );
  expect(out.filter((line) => line.startsWith('aclfile '))).toHaveLength(1);
  return [...out, 'bind 127.0.0.1', 'daemonize no', 'logfile ""', 'min-replicas-to-write 0'];
}

let dir: string;
let data: RedisNode;
let sentinel: RedisNode;
const passwords = {
  auth: 'auth-of-the-test-1',
  sentinelAuth: 'sentinel-of-the-test-2',
  portal: 'portal-of-the-test-3',
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-kubernetes-redis-'));
  for (const [name, text] of Object.entries(kubernetesRedisAcl(passwords))) {
    writeFileSync(path.join(dir, name), text, { mode: 0o600 });
  }
  data = await startRedisNode({
    kind: 'data',
    name: 'data',
    dir,
    admin: { username: 'default', password: passwords.auth },
    configure: ({ port }) => local(chartRedisConf(passwords.auth), dir, port),
  });
  sentinel = await startRedisNode({
    kind: 'sentinel',
    name: 'sentinel',
    dir,
    admin: { username: 'default', password: passwords.sentinelAuth },
    configure: ({ port }) => local(chartSentinelConf(passwords.auth, passwords.sentinelAuth, data), dir, port),
  });
});

afterAll(async () => {
  await sentinel?.stop();
  await data?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the chart’s Redis and Sentinel with the users of the Secret redis-acl (Debian’s 7.0)', () => {
  it('the files hold no password in clear', () => {
    const files = Object.values(kubernetesRedisAcl(passwords)).join('\n');
    for (const password of Object.values(passwords)) expect(files).not.toContain(password);
  });

  it('the portal’s user works on the data node after every start, with its own keys only; nothing is evicted', async () => {
    for (let start = 0; start < 2; start++) {
      const portal = new Redis({ host: data.host, port: data.port, username: 'portal', password: passwords.portal });
      try {
        await portal.multi().set('portal:revoked:a', '1', 'PX', 60_000).set('portal:revoked:b', '1').exec();
        await expect(portal.set('other:key', '1')).rejects.toThrow(/NOPERM/);
        await expect(portal.call('FLUSHALL')).rejects.toThrow(/NOPERM/);
        expect(await portal.mget('portal:revoked:a', 'portal:revoked:b')).toEqual(['1', '1']);
      } finally {
        portal.disconnect();
      }
      expect(await data.cli(['CONFIG', 'GET', 'maxmemory-policy'])).toContain('noeviction');
      // A pod's restart: the chart's init copies the configuration again; the users come from the file.
      await data.kill();
      await data.start();
    }
  });

  it('the sentinels refuse anyone without a password, and let the portal only ask where the primary is', async () => {
    const portal = new Redis({
      host: sentinel.host,
      port: sentinel.port,
      username: 'portal',
      password: passwords.portal,
      enableReadyCheck: false,
    });
    try {
      const group = values.redis.masterGroupName as string;
      expect(await portal.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', group)).toEqual([data.host, String(data.port)]);
      await expect(portal.call('SENTINEL', 'REMOVE', group)).rejects.toThrow(/NOPERM/);
      await expect(portal.call('SENTINEL', 'MONITOR', 'other', '127.0.0.1', '1', '1')).rejects.toThrow(/NOPERM/);
      await expect(portal.call('SENTINEL', 'SET', group, 'down-after-milliseconds', '1')).rejects.toThrow(/NOPERM/);
    } finally {
      portal.disconnect();
    }
    const nobody = new Redis({
      host: sentinel.host,
      port: sentinel.port,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableReadyCheck: false,
    });
    nobody.on('error', () => {});
    try {
      await expect(nobody.connect().then(() => nobody.call('SENTINEL', 'MASTERS'))).rejects.toThrow(/NOAUTH/);
    } finally {
      nobody.disconnect();
    }
    // The chart's own scripts and the other sentinels, with the sentinels' password.
    expect(await sentinel.cli(['SENTINEL', 'MASTERS'])).toContain(values.redis.masterGroupName);
  });
});
