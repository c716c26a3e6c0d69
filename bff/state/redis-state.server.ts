import { createHmac } from 'node:crypto';
import { Redis, type ChainableCommander, type Command } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RedisConnection } from '../config.server';
import type { Logger } from '../log.server';
import type { Metrics } from '../metrics.server';
import { createRedisFlight } from './redis-flight.server';
import { GENERATION_KEEP_MS, normalLogin, type Seal, type SharedState } from './shared-state';

/** Every command answers or fails within this: a page waits for Redis no longer than for a slow disk. */
const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 1_000;
/**
 * Records the end of a user's sessions, keeping the latest (as memory does): an earlier end recorded after a
 * later one, by another instance, must not let sessions back in. A value that is not a time is overwritten.
 */
const END_BEFORE = `local current = redis.call('get', KEYS[1])
if current and string.match(current, '^%d+$') and tonumber(current) >= tonumber(ARGV[1]) then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])`;

/** A record as Redis holds it: a whole number of up to 15 digits, 0 when absent, null when it is anything else. */
function recorded(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return 0;
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * The shared state in Redis (ADR 022), through ioredis and rate-limiter-flexible's Redis limiters. Keys are
 * namespaced by `keyPrefix`, all expire, and none holds a token, a login or anything that lets a reader act as
 * a user: tokens and logins appear only as HMACs keyed with the session secret, refresh outcomes only sealed
 * with it. No offline queue: while Redis is away every command fails at once, and the client keeps reconnecting.
 */
export function createRedisState(options: {
  connection: RedisConnection;
  keyPrefix: string;
  secrets: readonly string[];
  /** Seals with the session key (bff/session/seal.server.ts, given by the server). */
  sealer: Seal;
  keepMs: number;
  log: Logger;
  metrics?: Metrics;
}): SharedState {
  const { keyPrefix: prefix, secrets, keepMs, log, metrics } = options;
  const client = connect(options.connection);
  if (metrics) countCommands(client, metrics);
  // One line per outage, not one per reconnection attempt. A lost connection is an outage whether or not a
  // reconnection fails before Redis is back (a quick restart raises no error); without an error listener an error
  // event would crash the process.
  let down = false;
  let closing = false;
  const lost = (message: string) => {
    if (closing) return;
    if (!down) log.error({ err: { message } }, 'redis unavailable; shared state refused until it is back');
    down = true;
    metrics?.redisConnected(false);
  };
  client.on('error', (error: Error) => lost(error.message));
  client.on('close', () => lost('connection closed'));
  client.on('ready', () => {
    if (down) log.warn('redis is back');
    down = false;
    metrics?.redisConnected(true);
  });
  metrics?.redisConnected(false);

  /** HMACs under every secret (newest first): records written before a rotation are still found. */
  const digests = (purpose: string, value: string) =>
    secrets.map((secret) => createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url'));
  const digest = (purpose: string, value: string) => digests(purpose, value)[0]!;
  const key = {
    mark: (hash: string) => `${prefix}mark:${hash}`,
    revoked: (hash: string) => `${prefix}revoked:${hash}`,
    ended: (userId: number) => `${prefix}ended:${userId}`,
    generation: (userId: number) => `${prefix}gen:${userId}`,
    login: (hash: string) => `${prefix}login:${hash}`,
  };

  async function endBefore(userId: number, at: number) {
    await client.eval(END_BEFORE, 1, key.ended(userId), String(at), String(keepMs));
  }

  return {
    kind: 'redis',
    limiter: (name, points, duration) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${prefix}rl:${name}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
      }),
    marks: {
      async set(value, ttlMs) {
        await client.set(key.mark(digest('mark', value)), '1', 'PX', ttlMs);
      },
      async has(value) {
        const found = await client.exists(...digests('mark', value).map(key.mark));
        return found > 0;
      },
    },
    sessions: {
      async revoke(tokens) {
        if (tokens.length === 0) return;
        const batch = client.multi();
        for (const token of tokens) batch.set(key.revoked(digest('token', token)), '1', 'PX', keepMs);
        await executed(batch);
      },
      endBefore,
      async linkLogin(login, userId) {
        await client.set(key.login(digest('login', normalLogin(login))), String(userId), 'PX', keepMs);
      },
      async userOfLogin(login) {
        const found = await client.mget(...digests('login', normalLogin(login)).map(key.login));
        const id = Number(found.find((value) => value !== null));
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      },
      async standing(tokens, userIds) {
        const revokedKeys = tokens.map((token) => digests('token', token).map(key.revoked));
        const keys = [...revokedKeys.flat(), ...userIds.map(key.ended), ...userIds.map(key.generation)];
        const values = keys.length > 0 ? await client.mget(...keys) : [];
        const after = revokedKeys.flat().length;
        let next = 0;
        const revoked = new Set<string>();
        tokens.forEach((token, index) => {
          const count = revokedKeys[index]!.length;
          if (values.slice(next, next + count).some((value) => value !== null)) revoked.add(token);
          next += count;
        });
        // A record that is not a number fails closed, and is mended so that it does so once (issue 25): an end
        // becomes now (every session so far is over), a generation one no cached read was filed under.
        const endedBefore = new Map<number, number>();
        const generation = new Map<number, number>();
        for (const [index, id] of userIds.entries()) {
          const ended = recorded(values[after + index]);
          const now = Date.now();
          if (ended === null) await endBefore(id, now);
          endedBefore.set(id, ended ?? now);
          const current = recorded(values[after + userIds.length + index]);
          if (current === null) await client.set(key.generation(id), String(now), 'PX', GENERATION_KEEP_MS);
          generation.set(id, current ?? now);
        }
        return { revoked, endedBefore, generation };
      },
      async changed(userId) {
        const generation = key.generation(userId);
        const [incremented] = await executed(client.multi().incr(generation).pexpire(generation, GENERATION_KEEP_MS));
        return Number(incremented);
      },
    },
    refreshes: createRedisFlight({
      client,
      keyOf: (token) => `${prefix}refresh:${digest('refresh', token)}`,
      sealer: options.sealer,
      log,
      metrics,
    }),
    async ready(timeoutMs) {
      if (client.status === 'ready') return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`redis did not answer within ${timeoutMs} ms`)), timeoutMs);
        client.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    connected: () => client.status === 'ready',
    async close() {
      closing = true;
      client.disconnect();
    },
  };
}

/**
 * One client to the primary: to a single Redis by its URL, or to whichever data node the sentinels name primary
 * (ADR 058), followed to the new one when they announce a failover (`+switch-master`, ioredis's failover
 * detector) rather than after its connection times out.
 */
function connect(connection: RedisConnection): Redis {
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
    // No CLIENT SETINFO on connecting: Redis before 7.2 refuses it, and each refusal would count as an error.
    disableClientInfo: true,
    ...(connection.username ? { username: connection.username } : {}),
    ...(connection.password ? { password: connection.password } : {}),
  };
  if (connection.kind === 'url') return new Redis(connection.url, options);
  return new Redis({
    ...options,
    sentinels: connection.sentinels,
    name: connection.name,
    role: 'master',
    // The portal's user answers on the sentinels too, unless they have a password of their own.
    ...(connection.sentinelPassword === connection.password && connection.username
      ? { sentinelUsername: connection.username }
      : {}),
    ...(connection.sentinelPassword ? { sentinelPassword: connection.sentinelPassword } : {}),
    sentinelCommandTimeout: COMMAND_TIMEOUT_MS,
    sentinelRetryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
    failoverDetector: true,
  });
}

/**
 * Every command the client sends (the state's own, the limiters', ioredis's handshake), timed to its reply or
 * failure: a refused command while Redis is away counts as an error at once (no offline queue).
 */
function countCommands(client: Redis, metrics: Metrics) {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command: Command, ...rest: unknown[]) => {
    const started = performance.now();
    const result = (send as (...args: unknown[]) => unknown)(command, ...rest);
    command.promise.then(
      () => metrics.redisCommand(command.name, true, started),
      () => metrics.redisCommand(command.name, false, started),
    );
    return result;
  };
}

/** The replies of a MULTI … EXEC, or its first error. */
async function executed(batch: ChainableCommander): Promise<unknown[]> {
  const replies = await batch.exec();
  if (!replies) throw new Error('redis transaction aborted');
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}
