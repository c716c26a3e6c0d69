import { createHmac } from 'node:crypto';
import { Redis, type ChainableCommander, type Command } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RedisConnection } from '../config.server';
import type { Logger } from '../log.server';
import type { Metrics } from '../metrics.server';
import { boundedMap } from './bounded-map.server';
import { createRedisFlight } from './redis-flight.server';
import { GENERATION_KEEP_MS, normalLogin, type Seal, type SharedState } from './shared-state';
import { seconds } from '#shared/time';

/** Every command answers or fails within this: a page waits for Redis no longer than for a slow disk. */
const COMMAND_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 1_000;
/**
 * With a grace, how long a standing read may take before the last-known standing answers instead: a
 * primary that went silent (a host gone, SIGSTOP) holds each command for COMMAND_TIMEOUT_MS otherwise.
 */
const STANDING_WAIT_MS = 500;
/** How long a data node may take to answer the readiness probe's PING. */
const PING_TIMEOUT_MS = 1_000;
/**
 * Through Sentinel, how long after it was sent a standing nothing could answer may wait for the primary or for a
 * connection being made again (a promotion's moment), when a connection closed within SETTLING_MS.
 */
const STANDING_DEADLINE_MS = 3_500;
const SETTLING_MS = 10_000;
/** How long a replica may take to answer a standing the primary did not (through Sentinel only). */
const REPLICA_WAIT_MS = 500;
/** How long a session end may wait for a replica to hold it (WAIT 1), through Sentinel only. */
const REPLICATED_WITHIN_MS = 1_000;
/** Records read last, and records this instance was asked to write, kept per instance. */
const KNOWN_MAX = 50_000;
const ASKED_MAX = 10_000;
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
 * The shared state in Redis, through ioredis and rate-limiter-flexible's Redis limiters. Keys are
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
  /**
   * How old a session's last-known standing may be when Redis has no answer (a failover's seconds);
   * 0: none is served, every signed-in request waits for Redis (as in an outage).
   */
  graceMs?: number;
}): SharedState {
  const { keyPrefix: prefix, secrets, keepMs, log, metrics, graceMs = 0 } = options;
  const client = connect(options.connection);
  const unfollow = options.connection.kind === 'sentinel' ? followFailovers(client, options.connection, log) : () => {};
  // Through Sentinel, a second connection, to a replica, reads a standing the primary does not answer: the
  // replicas hold what every instance wrote until the primary was lost, where the last-known standing holds only
  // what this instance happened to read.
  const replica = options.connection.kind === 'sentinel' ? connect(options.connection, 'slave') : null;
  replica?.on('error', () => {}); // its outage is the primary's fallback's, not the state's: the primary decides
  /** When a connection, the primary's or the replica's, last closed: a failover's first seconds (0: never). */
  let lostAt = 0;
  replica?.on('close', () => (lostAt = Date.now()));
  if (replica && metrics) countCommands(replica, metrics);
  // Through Sentinel, a session end counts as recorded once a replica holds it: the replica a failover promotes
  // (the most advanced one) has it, so no acknowledged end is lost with the primary. A single Redis has no replica.
  const replicated = options.connection.kind === 'sentinel';
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
  client.on('close', () => {
    lostAt = Date.now();
    lost('connection closed');
  });
  // ioredis ends a client only when asked to (close) or when a reconnection is given up: the latter must not
  // leave an instance without Redis until it restarts.
  client.on('end', () => {
    if (!closing) setTimeout(() => void client.connect().catch(() => {}), 500).unref?.();
  });
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

  /**
   * What each record said when last read, stamped with the time a primary last vouched for it (a primary's read:
   * when it was sent; a replica's: when the replica last heard from its primary), and what this instance was
   * asked to record: the last-known standing. An end asked for here is refused here from then on, written to
   * Redis or not yet.
   */
  const known = boundedMap<string, { value: string | null; at: number }>(KNOWN_MAX);
  const askedRevoked = boundedMap<string, true>(ASKED_MAX);
  const askedEnded = boundedMap<number, number>(ASKED_MAX);
  let servingKnown = false;

  /** Throws unless a replica holds what this connection wrote (through Sentinel; a single Redis has none). */
  async function held() {
    if (!replicated) return;
    const replicas = await client.wait(1, REPLICATED_WITHIN_MS);
    if (replicas < 1) throw new Error('no replica acknowledged the write');
  }

  async function endBefore(userId: number, at: number) {
    askedEnded.set(userId, Math.max(at, askedEnded.get(userId) ?? 0));
    await client.eval(END_BEFORE, 1, key.ended(userId), String(at), String(keepMs));
    await held();
  }

  /**
   * The values of `keys` as last read, or null when one of `required` was not read within the grace (or at
   * all). A key not required (a token's revocation) that was never read counts as absent: every logout revokes
   * the session id with its tokens, in one transaction, and the session id is required.
   */
  function lastKnown(keys: string[], required: Set<string>): (string | null)[] | null {
    const now = Date.now();
    const values: (string | null)[] = [];
    for (const name of keys) {
      const entry = known.get(name);
      if (required.has(name) && (!entry || now - entry.at > graceMs)) return null;
      values.push(entry?.value ?? null);
    }
    return values;
  }

  /**
   * The records from a replica, when it answers within REPLICA_WAIT_MS and what it holds is no older than the
   * grace, with the time a primary last vouched for them (`confirmedAt`): the replica is the primary now (then
   * the time of the read), or it last heard from its primary within the grace, its link up or down (issue 44:
   * a link still `up` only says the primary's silence is shorter than `repl-timeout`). Null otherwise.
   */
  async function fromReplica(keys: string[]): Promise<{ values: (string | null)[]; confirmedAt: number } | null> {
    if (!replica || replica.status !== 'ready') return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), REPLICA_WAIT_MS)));
    const sent = Date.now();
    const read = replica
      .multi()
      .info('replication')
      .mget(...keys)
      .exec()
      .then((replies) => {
        const [[infoError, info], [mgetError, values]] = replies as [
          [Error | null, string],
          [Error | null, (string | null)[]],
        ];
        const confirmedAt = infoError || mgetError ? null : vouchedAt(info, sent);
        if (confirmedAt === null || Date.now() - confirmedAt > graceMs) return null;
        return { values, confirmedAt };
      })
      .catch(() => null);
    try {
      return await Promise.race([read, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One MGET of a request's records from the primary. Within the grace, when it does not answer (in
   * STANDING_WAIT_MS, or at all): a replica's, then the values this instance last read.
   */
  async function readRecords(
    keys: string[],
    required: Set<string>,
    again = false,
  ): Promise<{ values: (string | null)[]; fresh: boolean }> {
    const sent = Date.now();
    /** `at`: when a primary vouched for the values; a later one's are never overwritten by older. */
    const remember = (values: (string | null)[], at: number) => {
      for (const [index, name] of keys.entries()) {
        const before = known.get(name);
        if (!before || before.at <= at) known.set(name, { value: values[index] ?? null, at });
      }
    };
    const reading = client.mget(...keys).then((values) => {
      remember(values, sent);
      if (servingKnown) log.warn('redis answers again; session standings read afresh');
      servingKnown = false;
      return values;
    });
    if (graceMs <= 0) return { values: await reading, fresh: true };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), STANDING_WAIT_MS)));
    let failure: unknown = null;
    try {
      const first = await Promise.race([reading, slow]);
      if (first !== 'slow') return { values: first, fresh: true };
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(timer);
    }
    reading.catch(() => {});
    const replicated = await fromReplica(keys);
    if (replicated) {
      // Stamped with when its primary last vouched for it, not with this read: served no longer than the grace.
      remember(replicated.values, replicated.confirmedAt);
      return { values: served('replica', replicated.values), fresh: false };
    }
    const values = lastKnown(keys, required);
    if (values) return { values: served('last_known', values), fresh: false };
    // A promotion's moment, through Sentinel: the sentinels kill the replicas' clients as they reconfigure them
    // (CLIENT KILL TYPE normal) and the primary's connection moves to the new primary, so for a second or two
    // nothing may answer. Wait, until STANDING_DEADLINE_MS after the read was sent, for the primary's answer or a
    // connection made again, and read once more.
    if (!again && replica && Date.now() - lostAt < SETTLING_MS) {
      const next = await settled(reading, sent + STANDING_DEADLINE_MS - Date.now());
      if (next === 'again') return readRecords(keys, required, true);
      if (next) return { values: next, fresh: true };
    }
    if (failure) throw failure;
    return { values: await reading, fresh: true };
  }

  /**
   * Within `ms`: the primary's values if it answers, 'again' once a connection that was being made again is ready,
   * null when neither comes.
   */
  function settled(reading: Promise<(string | null)[]>, ms: number): Promise<(string | null)[] | 'again' | null> {
    const nodes = [client, replica].filter((node) => node !== null && node.status !== 'ready') as Redis[];
    return new Promise((resolve) => {
      const done = (outcome: (string | null)[] | 'again' | null) => {
        clearTimeout(timer);
        for (const node of nodes) node.off('ready', onReady);
        resolve(outcome);
      };
      const onReady = () => done('again');
      const timer = setTimeout(() => done(null), Math.max(0, ms));
      for (const node of nodes) node.once('ready', onReady);
      // A primary that refused with every connection ready will not answer better by waiting.
      reading.then(done, () => nodes.length === 0 && done(null));
    });
  }

  function served<T>(source: 'replica' | 'last_known', values: T): T {
    if (!servingKnown)
      log.warn(`redis primary does not answer; session standings read from a replica or as read within ${graceMs} ms`);
    servingKnown = true;
    metrics?.redisStandingFallback(source);
    return values;
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
        for (const token of tokens) askedRevoked.set(key.revoked(digest('token', token)), true);
        const batch = client.multi();
        for (const token of tokens) batch.set(key.revoked(digest('token', token)), '1', 'PX', keepMs);
        await executed(batch);
        await held();
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
      async standing(tokens, userIds, sessionIds = []) {
        const asked = [...tokens, ...sessionIds];
        const revokedKeys = asked.map((token) => digests('token', token).map(key.revoked));
        const keys = [...revokedKeys.flat(), ...userIds.map(key.ended), ...userIds.map(key.generation)];
        const required = new Set([
          ...revokedKeys.slice(tokens.length).flat(),
          ...userIds.map(key.ended),
          ...userIds.map(key.generation),
        ]);
        const { values, fresh } = keys.length > 0 ? await readRecords(keys, required) : { values: [], fresh: true };
        const after = revokedKeys.flat().length;
        let next = 0;
        const revoked = new Set<string>();
        asked.forEach((token, index) => {
          const count = revokedKeys[index]!.length;
          const names = revokedKeys[index]!;
          if (
            values.slice(next, next + count).some((value) => value !== null) ||
            names.some((name) => askedRevoked.has(name))
          ) {
            revoked.add(token);
          }
          next += count;
        });
        // A record that is not a number fails closed, and is mended so that it does so once (issue 25): an end
        // becomes now (every session so far is over), a generation one no cached read was filed under. Records
        // served as last known are not mended: they were read, and will be again.
        const endedBefore = new Map<number, number>();
        const generation = new Map<number, number>();
        for (const [index, id] of userIds.entries()) {
          const ended = recorded(values[after + index]);
          const now = Date.now();
          if (ended === null && fresh) await endBefore(id, now);
          endedBefore.set(id, Math.max(ended ?? now, askedEnded.get(id) ?? 0));
          const current = recorded(values[after + userIds.length + index]);
          if (current === null && fresh) await client.set(key.generation(id), String(now), 'PX', GENERATION_KEEP_MS);
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
    async answers() {
      const ping = async (node: Redis) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
        try {
          return await Promise.race([node.ping().then(() => true), late]);
        } catch {
          return false;
        } finally {
          clearTimeout(timer);
        }
      };
      return (await ping(client)) || (replica !== null && (await ping(replica)));
    },
    async close() {
      closing = true;
      unfollow();
      client.disconnect();
      replica?.disconnect();
    },
  };
}

/**
 * When a node's data was last vouched for by a primary, by its `INFO replication` taken at `readAt`: then, for a
 * primary; for a replica, when it last heard from its primary (`master_last_io_seconds_ago` while the link is up,
 * `master_link_down_since_seconds` once it is down), a second earlier than the whole seconds it reports, to be sure.
 * Null when it does not say.
 */
export function vouchedAt(info: string, readAt: number): number | null {
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
  if (field('role') === 'master') return readAt;
  const silent = Number(
    field('master_link_status') === 'up'
      ? field('master_last_io_seconds_ago')
      : field('master_link_down_since_seconds'),
  );
  if (!Number.isFinite(silent) || silent < 0) return null;
  return readAt - seconds(silent + 1);
}

/**
 * One client to the primary: to a single Redis by its URL, or to whichever data node the sentinels name primary,
 * followed to the new one when they announce a failover (`+switch-master`, ioredis's failover detector) rather
 * than after its connection times out.
 */
function connect(connection: RedisConnection, role: 'master' | 'slave' = 'master'): Redis {
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
    role,
    // The portal's user answers on the sentinels too, unless they have a password of their own.
    ...(connection.sentinelPassword === connection.password && connection.username
      ? { sentinelUsername: connection.username }
      : {}),
    ...(connection.sentinelPassword ? { sentinelPassword: connection.sentinelPassword } : {}),
    sentinelCommandTimeout: COMMAND_TIMEOUT_MS,
    // The primary gone, every retry asks a sentinel where the new one is: twice a second, not once, so that the
    // instances follow a promotion within half a second of it.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 500),
    sentinelRetryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  });
}

/**
 * Follows a failover the sentinels announce (`+switch-master` for this group): the primary's connection is
 * dropped and made again, to the primary the sentinels name now. A primary that went silent (its host gone, or
 * SIGSTOP) keeps its connection open, and only this moves the client on. Not ioredis's own `failoverDetector`:
 * when the announcement came while the client was still reconnecting to the lost primary, it left the client
 * closed for good (ioredis 5.11, found by tests/integration/redis-failover.test.ts). Returns its closer.
 */
export function followFailovers(
  client: Redis,
  connection: Extract<RedisConnection, { kind: 'sentinel' }>,
  log: Logger,
) {
  const watchers = connection.sentinels.map(({ host, port }) => {
    const watcher = new Redis({
      host,
      port,
      ...(connection.sentinelPassword === connection.password && connection.username
        ? { username: connection.username }
        : {}),
      ...(connection.sentinelPassword ? { password: connection.sentinelPassword } : {}),
      enableReadyCheck: false,
      disableClientInfo: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
    });
    watcher.on('error', () => {}); // a sentinel away: the others announce, and this one is tried again
    watcher.subscribe('+switch-master').catch(() => {});
    watcher.on('message', (_channel: string, message: string) => {
      // `<name> <old host> <old port> <new host> <new port>`, once from every sentinel.
      const [name, , , host, port] = message.split(' ');
      if (name !== connection.name) return;
      if (!(client.status === 'ready' || client.status === 'connect')) return;
      // The announcements after the first find the client on the new primary already: one reconnection, not one
      // a sentinel (each left the instance without Redis for a moment: a sign-in refused as «Слишком много попыток»).
      const socket = (client as unknown as { stream?: { remoteAddress?: string; remotePort?: number } }).stream;
      if (socket?.remoteAddress === host && String(socket?.remotePort) === port) return;
      log.warn('redis failover announced; following the new primary');
      client.disconnect(true);
    });
    return watcher;
  });
  return () => watchers.forEach((watcher) => watcher.disconnect());
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
