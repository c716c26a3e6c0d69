/**
 * A Redis that fails over: Debian's `redis-server` as a primary and two replicas, and three
 * `redis-sentinel`s watching them under one group name. Every node has an address of its own (127.0.0.1 by
 * default) and may be started through a command prefix (`ip netns exec <host>`), so the same group runs on
 * loopback in the tests and across network-namespace hosts; each node is stopped, killed, paused (SIGSTOP: silent,
 * its connections left open) and started again on its own.
 *
 * Every node asks for a password (`redis-acl.ts`: the portal's user, one for replication, one for the sentinels,
 * an admin for these scripts), drawn for each run and written only into the nodes' configuration files (0600).
 * A primary takes a write only while a replica is attached and not lagging (`min-replicas-to-write 1`), so an
 * old primary cut off from its replicas stops taking writes the new one would never see. The data nodes keep an
 * AOF in the group's directory, so a node that restarts comes back with its data rather than empty.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newCredentials, sentinelUsers, type RedisCredentials } from '../../scripts/deploy/redis-acl';
import { dataNodeConfig, startRedisNode, type RedisNode, type RedisNodeOptions } from './redis';

export type { RedisNode, RedisNodeOptions } from './redis';

/**
 * The group's timings in production (ADR 229): a primary silent for 5 s is down for a sentinel (two must agree),
 * and a failover that has not finished in 60 s may be tried again by another sentinel. A replica lagging more than
 * 10 s no longer counts towards `min-replicas-to-write`.
 */
export const SENTINEL_TIMINGS = { downAfterMs: 5_000, failoverTimeoutMs: 60_000, minReplicasMaxLagS: 10 };

export interface SentinelGroupOptions {
  /** The group's name (REDIS_SENTINEL_NAME), `portal` by default. */
  name?: string;
  /** The data nodes, the first the primary to begin with; three on loopback by default. */
  data?: readonly RedisNodeOptions[];
  /** The sentinels; three on loopback by default. */
  sentinels?: readonly RedisNodeOptions[];
  /** How many sentinels must find the primary down (2 by default: a majority of three). */
  quorum?: number;
  downAfterMs?: number;
  failoverTimeoutMs?: number;
  minReplicasMaxLagS?: number;
  /** The portal's keys (`portal:*` by default). */
  keyPatterns?: readonly string[];
}

export interface SentinelGroup {
  readonly name: string;
  readonly data: readonly RedisNode[];
  readonly sentinels: readonly RedisNode[];
  /** `host:port` of every sentinel. */
  readonly sentinelAddresses: readonly string[];
  readonly credentials: RedisCredentials;
  /** The portal's environment: REDIS_SENTINELS, REDIS_SENTINEL_NAME, REDIS_USERNAME, REDIS_PASSWORD. */
  readonly env: Record<string, string>;
  /** The data node the sentinels name as primary now (the first running sentinel that answers is asked). */
  primary(): Promise<RedisNode>;
  /** The node's own view: `master` or `slave` (ROLE), or null when it does not answer. */
  roleOf(node: RedisNode): Promise<'master' | 'slave' | null>;
  /** Resolves with the new primary once the sentinels name one other than `old` and it says it is one. */
  waitForFailover(old: RedisNode, timeoutMs?: number): Promise<RedisNode>;
  /** Resolves once `node` is a replica of the current primary with its link up. */
  waitForReplica(node: RedisNode, timeoutMs?: number): Promise<void>;
  /** Stops every node and removes the group's directory. */
  close(): Promise<void>;
}

const fields = (text: string) =>
  new Map(
    text
      .split(/\r?\n/)
      .map((line) => line.split(':'))
      .filter((parts) => parts.length >= 2)
      .map(([key, ...rest]) => [key!.trim(), rest.join(':').trim()]),
  );

async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export async function startSentinelGroup(options: SentinelGroupOptions = {}): Promise<SentinelGroup> {
  const name = options.name ?? 'portal';
  const downAfterMs = options.downAfterMs ?? SENTINEL_TIMINGS.downAfterMs;
  const failoverTimeoutMs = options.failoverTimeoutMs ?? SENTINEL_TIMINGS.failoverTimeoutMs;
  const maxLag = options.minReplicasMaxLagS ?? SENTINEL_TIMINGS.minReplicasMaxLagS;
  const quorum = options.quorum ?? 2;
  const dataOptions = options.data ?? [{}, {}, {}];
  const sentinelOptions = options.sentinels ?? [{}, {}, {}];
  const credentials = newCredentials();
  const { replication, sentinel, admin } = credentials;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-sentinel-'));
  const data: RedisNode[] = [];
  const sentinels: RedisNode[] = [];

  async function close() {
    await Promise.all([...sentinels, ...data].map((node) => node.stop().catch(() => {})));
    rmSync(dir, { recursive: true, force: true });
  }

  try {
    for (const [index, node] of dataOptions.entries()) {
      const nodeName = `data${index + 1}`;
      const primary = data[0];
      data.push(
        await startRedisNode({
          kind: 'data',
          name: nodeName,
          dir,
          node,
          admin,
          configure: ({ host, port }) => [
            ...dataNodeConfig({
              host,
              port,
              dir,
              name: nodeName,
              credentials,
              keyPatterns: options.keyPatterns ?? ['portal:*'],
              persist: true,
            }),
            `min-replicas-to-write 1`,
            `min-replicas-max-lag ${maxLag}`,
            `masteruser ${replication.username}`,
            `masterauth ${replication.password}`,
            ...(primary ? [`replicaof ${primary.host} ${primary.port}`] : []),
          ],
        }),
      );
    }
    const first = data[0]!;
    await until('the replicas attach', 10_000, async () => {
      const info = fields(await first.cli(['INFO', 'replication']));
      const online = [...info.entries()].filter(([key, value]) => /^slave\d+$/.test(key) && value.includes('online'));
      return online.length === data.length - 1 ? true : undefined;
    });

    for (const [index, node] of sentinelOptions.entries()) {
      sentinels.push(
        await startRedisNode({
          kind: 'sentinel',
          name: `sentinel${index + 1}`,
          dir,
          node,
          admin,
          configure: ({ host, port }) => [
            `port ${port}`,
            `bind ${host}`,
            'daemonize no',
            `dir ${dir}`,
            'loglevel warning',
            `sentinel monitor ${name} ${first.host} ${first.port} ${quorum}`,
            `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
            `sentinel failover-timeout ${name} ${failoverTimeoutMs}`,
            `sentinel parallel-syncs ${name} 1`,
            `sentinel auth-user ${name} ${sentinel.username}`,
            `sentinel auth-pass ${name} ${sentinel.password}`,
            `sentinel sentinel-user ${sentinel.username}`,
            `sentinel sentinel-pass ${sentinel.password}`,
            ...sentinelUsers(credentials),
          ],
        }),
      );
    }
    // A failover needs the sentinels to know one another and the replicas (they meet through the primary's
    // hello channel, every 2 s).
    await until('the sentinels meet', 20_000, async () => {
      for (const node of sentinels) {
        const master = (await node.cli(['SENTINEL', 'MASTER', name])).trim().split(/\r?\n/);
        const value = (key: string) => Number(master[master.indexOf(key) + 1]);
        if (value('num-slaves') !== data.length - 1 || value('num-other-sentinels') !== sentinels.length - 1) {
          return undefined;
        }
      }
      return true;
    });
  } catch (error) {
    await close();
    throw error;
  }

  async function primary(): Promise<RedisNode> {
    for (const node of sentinels) {
      if (!node.running || node.paused) continue;
      try {
        const [host, port] = (await node.cli(['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name])).trim().split(/\r?\n/);
        const found = data.find((candidate) => candidate.host === host && String(candidate.port) === port);
        if (found) return found;
      } catch {
        // the next sentinel
      }
    }
    throw new Error('no sentinel names a primary');
  }

  async function roleOf(node: RedisNode) {
    if (!node.running || node.paused) return null;
    try {
      const role = (await node.cli(['ROLE'])).trim().split(/\r?\n/)[0];
      return role === 'master' || role === 'slave' ? role : null;
    } catch {
      return null;
    }
  }

  return {
    name,
    data,
    sentinels,
    sentinelAddresses: sentinels.map((node) => node.address),
    credentials,
    get env() {
      return {
        REDIS_SENTINELS: sentinels.map((node) => node.address).join(','),
        REDIS_SENTINEL_NAME: name,
        REDIS_USERNAME: credentials.portal.username,
        REDIS_PASSWORD: credentials.portal.password,
      };
    },
    primary,
    roleOf,
    waitForFailover: (old, timeoutMs = 30_000) =>
      until('a failover', timeoutMs, async () => {
        const now = await primary();
        return now !== old && (await roleOf(now)) === 'master' ? now : undefined;
      }),
    waitForReplica: async (node, timeoutMs = 30_000) => {
      await until(`${node.name} replicating`, timeoutMs, async () => {
        const now = await primary();
        const info = fields(await node.cli(['INFO', 'replication']));
        return info.get('role') === 'slave' &&
          info.get('master_port') === String(now.port) &&
          info.get('master_host') === now.host &&
          info.get('master_link_status') === 'up'
          ? true
          : undefined;
      });
    },
    close,
  };
}
