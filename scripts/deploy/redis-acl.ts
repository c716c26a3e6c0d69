/**
 * Who may do what on the Redis the scripts and tests start (ADR 229): every server asks for a password, the
 * `default` user is off, and each client has a user of its own with passwords drawn afresh for every run. The
 * passwords are written only into the servers' configuration files (mode 0600, in a throw-away directory) and
 * handed to the portal in its environment: never on a command line (where `ps` shows it), never printed.
 */
import { randomBytes } from 'node:crypto';

export interface RedisUser {
  readonly username: string;
  readonly password: string;
}

export interface RedisCredentials {
  /** The portal: its own commands on its own keys, nothing else. */
  readonly portal: RedisUser;
  /** A replica's link to its primary (PSYNC, REPLCONF, PING). */
  readonly replication: RedisUser;
  /** The sentinels' link to the data nodes, and to one another. */
  readonly sentinel: RedisUser;
  /** Everything: for the scripts' own checks and the tests' inspection, never given to the portal. */
  readonly admin: RedisUser;
}

const secret = () => randomBytes(24).toString('base64url');

/** Fresh passwords for one run. */
export function newCredentials(): RedisCredentials {
  return {
    portal: { username: 'portal', password: secret() },
    replication: { username: 'replication', password: secret() },
    sentinel: { username: 'sentinel', password: secret() },
    admin: { username: 'admin', password: secret() },
  };
}

/**
 * The commands the portal sends to a data node, and no others (bff/state/redis-state.server.ts, redis-flight,
 * rate-limiter-flexible's limiters, ioredis's handshake):
 * - `info`: ioredis's ready check, which also tells it, in Sentinel mode, that it reached a primary;
 * - `ping`; `get`, `set`, `mget`, `exists`, `del`, `incr`, `pexpire`: the session records and the refresh flight;
 * - `eval`, `evalsha`, `script|load`: the records' compare-and-set scripts and the limiters' counting script,
 *   whose inner `set`, `incrby`, `pttl`, `expire` are checked against the same list;
 * - `multi`, `exec`, `discard`: the batches; `wait`: a session end counts as recorded once a replica has it.
 */
export const PORTAL_DATA_COMMANDS = [
  'info',
  'ping',
  'get',
  'set',
  'mget',
  'exists',
  'del',
  'incr',
  'incrby',
  'pexpire',
  'expire',
  'pttl',
  'eval',
  'evalsha',
  'script|load',
  'multi',
  'exec',
  'discard',
  'wait',
];

/** What the portal asks a sentinel: where the primary is, who the other sentinels are, and to hear of failovers. */
export const PORTAL_SENTINEL_COMMANDS = [
  'ping',
  'sentinel|get-master-addr-by-name',
  'sentinel|sentinels',
  'sentinel|replicas',
  'sentinel|slaves',
  'subscribe',
];

/**
 * What a sentinel sends to a data node (Redis's own list for Sentinel with ACLs), and REPLICAOF as SLAVEOF's
 * newer name.
 */
const SENTINEL_DATA_COMMANDS = [
  'multi',
  'exec',
  'slaveof',
  'replicaof',
  'ping',
  'subscribe',
  'publish',
  'config|rewrite',
  'role',
  'info',
  'client|setname',
  'client|kill',
  'script|kill',
];

const grant = (commands: readonly string[]) => commands.map((command) => `+${command}`).join(' ');

/**
 * The `default` user of a data node: off, with no password, so that no connection can act as it (every client must
 * AUTH as a user of its own), yet with every permission. Redis 7.0 (Debian 12's 7.0.15) replays the append-only
 * file as a client of the `default` user and checks each MULTI/EXEC block's commands against that user's
 * permissions: with the `off` of a bare `user default off` (which has none) every block is dropped with `-NOPERM
 * ACLs rules changed`, and so every logout, limit and cache generation written in one (ADR 229). Writes outside a
 * block are replayed unchecked: the permissions given here are the ones the replay needs, to nobody else.
 */
export const DEFAULT_USER = 'user default off resetpass ~* &* +@all';

/**
 * The `user` lines of a data node's configuration. `keyPatterns` are the portal's keys (`portal:*` for the
 * default REDIS_KEY_PREFIX).
 */
export function dataNodeUsers(credentials: RedisCredentials, keyPatterns: readonly string[]): string[] {
  const { portal, replication, sentinel, admin } = credentials;
  const keys = keyPatterns.map((pattern) => `~${pattern}`).join(' ');
  return [
    DEFAULT_USER,
    `user ${admin.username} on >${admin.password} ~* &* +@all`,
    `user ${portal.username} on >${portal.password} resetkeys ${keys} resetchannels -@all ${grant(PORTAL_DATA_COMMANDS)}`,
    `user ${replication.username} on >${replication.password} resetkeys resetchannels -@all +psync +replconf +ping`,
    `user ${sentinel.username} on >${sentinel.password} resetkeys allchannels -@all ${grant(SENTINEL_DATA_COMMANDS)}`,
  ];
}

/** The `user` lines of a sentinel's configuration: the other sentinels and the admin see all, the portal asks. */
export function sentinelUsers(credentials: RedisCredentials): string[] {
  const { portal, sentinel, admin } = credentials;
  return [
    'user default off',
    `user ${admin.username} on >${admin.password} ~* &* +@all`,
    `user ${sentinel.username} on >${sentinel.password} ~* &* +@all`,
    `user ${portal.username} on >${portal.password} resetchannels &+switch-master -@all ${grant(PORTAL_SENTINEL_COMMANDS)}`,
  ];
}
