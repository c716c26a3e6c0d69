/**
 * A real Debian `redis-server` for tests and local scripts: a free loopback port, nothing written to disk (no RDB
 * snapshots, no AOF unless `persist`, a throw-away `--dir`), started and awaited until it answers PING. `stop()` and `start()` again
 * reuse the same port, so a test can take Redis away in the middle of a run and bring it back.
 *
 * It asks for a password: the `default` user is off, the portal has a user of its own limited to its
 * commands and keys, and the passwords are drawn for each run (`redis-acl.ts`). `url` holds no credentials; the
 * portal's environment (`env`) carries them beside it, as REDIS_USERNAME and REDIS_PASSWORD.
 *
 * `startRedisNode` is the launcher it shares with the Sentinel group (`redis-sentinel.ts`): one redis-server or
 * redis-sentinel from a configuration file, on an address and port of its own, optionally started through a
 * command prefix (`ip netns exec <host>`), stopped, killed or paused on its own.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataNodeUsers, newCredentials, type RedisCredentials, type RedisUser } from '../../scripts/deploy/redis-acl';

export type { RedisCredentials, RedisUser } from '../../scripts/deploy/redis-acl';

/** A port the kernel just handed out on 127.0.0.1 and released, for a child process to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Where one node listens and how it is launched. */
export interface RedisNodeOptions {
  /** The address it binds and is reached at (127.0.0.1 by default). */
  host?: string;
  /** Its port (a free loopback one by default). */
  port?: number;
  /** A command the node is started through, e.g. `['ip', 'netns', 'exec', 'portal-data1']`; also its redis-cli. */
  prefix?: readonly string[];
}

export interface RedisNode {
  readonly kind: 'data' | 'sentinel';
  readonly name: string;
  readonly host: string;
  readonly port: number;
  /** `host:port` */
  readonly address: string;
  /** Whether the process runs (between `start()` and `stop()`/`kill()`, or until it exits on its own). */
  readonly running: boolean;
  /** Whether it is stopped with SIGSTOP: alive, connections open, silent. */
  readonly paused: boolean;
  readonly child: ChildProcess | undefined;
  /** Starts it again (same address, same configuration as last written) after `stop()`; a no-op while it runs. */
  start(): Promise<void>;
  /** SIGTERM (SIGKILL after 5 s) and waits for the exit; a no-op when stopped. */
  stop(): Promise<void>;
  /** SIGKILL and waits for the exit: a crash. */
  kill(): Promise<void>;
  /** SIGSTOP: the host goes silent without closing a connection. */
  pause(): void;
  /** SIGCONT after `pause()`. */
  resume(): void;
  /** Runs `redis-cli` against it (through the prefix) as `user`; resolves with its output. */
  cli(args: readonly string[], user?: RedisUser): Promise<string>;
}

const SERVER_BIN = () => process.env.REDIS_SERVER_BIN || 'redis-server';
const SENTINEL_BIN = () => process.env.REDIS_SENTINEL_BIN || 'redis-sentinel';
const CLI_BIN = () => process.env.REDIS_CLI_BIN || 'redis-cli';

/**
 * One node from the configuration `configure()` writes (called before the first start only: Sentinel rewrites its
 * own file and the data nodes', and a node started again must find what it was told). `admin` answers its
 * readiness probe.
 */
export async function startRedisNode(options: {
  kind: 'data' | 'sentinel';
  name: string;
  dir: string;
  node?: RedisNodeOptions;
  admin: RedisUser;
  configure: (address: { host: string; port: number }) => string[];
}): Promise<RedisNode> {
  const { kind, name, dir, admin } = options;
  const host = options.node?.host ?? '127.0.0.1';
  const prefix = options.node?.prefix ?? [];
  const file = path.join(dir, `${name}.conf`);
  let port = options.node?.port ?? (await freePort());
  let child: ChildProcess | undefined;
  let paused = false;

  function cli(args: readonly string[], user: RedisUser = admin): Promise<string> {
    const [command, ...rest] = [...prefix, CLI_BIN(), '-h', host, '-p', String(port), '--user', user.username];
    // The password goes in the environment (REDISCLI_AUTH), never on a command line others can read.
    return new Promise((resolve, reject) =>
      execFile(
        command!,
        [...rest, '--no-auth-warning', ...args],
        { env: { ...process.env, REDISCLI_AUTH: user.password }, timeout: 2_000 },
        (error, stdout) => (error ? reject(new Error(`redis-cli ${args[0]} on ${name} failed`)) : resolve(stdout)),
      ),
    );
  }

  async function answers(): Promise<boolean> {
    try {
      return (await cli(['PING'])).trim() === 'PONG';
    } catch {
      return false;
    }
  }

  function launch(): ChildProcess {
    // The child logs to our stderr only when asked: test output stays readable.
    const stdio = process.env.REDIS_SERVICE_LOG ? 'inherit' : 'ignore';
    const [command, ...args] = [...prefix, kind === 'data' ? SERVER_BIN() : SENTINEL_BIN(), file];
    return spawn(command!, args, { stdio });
  }

  async function start() {
    if (child) return;
    const started = launch();
    started.on('error', () => {}); // a missing binary shows as the exit below
    try {
      for (let attempt = 0; ; attempt++) {
        if (started.exitCode !== null || started.signalCode !== null) throw new Error(`${name} exited (port ${port})`);
        if (await answers()) break;
        if (attempt >= 100) throw new Error(`${name} did not answer on port ${port}`);
        await sleep(50);
      }
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
    child = started;
    paused = false;
    // Killed or crashed: `start()` brings it back on the same port (the cluster script's supervisor does).
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
  }

  async function end(signal: NodeJS.Signals) {
    const running = child;
    if (!running) return;
    child = undefined;
    const gone = new Promise<void>((resolve) =>
      running.exitCode !== null || running.signalCode !== null ? resolve() : running.once('exit', () => resolve()),
    );
    const killer = setTimeout(() => running.kill('SIGKILL'), 5000);
    if (paused) running.kill('SIGCONT');
    paused = false;
    running.kill(signal);
    await gone;
    clearTimeout(killer);
  }

  const write = () => writeFileSync(file, options.configure({ host, port }).join('\n') + '\n', { mode: 0o600 });

  // Another process may take the free port between the probe and the start: try a fresh one (only when we chose it).
  for (let attempt = 0; ; attempt++) {
    write();
    try {
      await start();
      break;
    } catch (error) {
      if (options.node?.port !== undefined || attempt >= 4) throw error;
      port = await freePort();
    }
  }

  return {
    kind,
    name,
    host,
    get port() {
      return port;
    },
    get address() {
      return `${host}:${port}`;
    },
    get running() {
      return child !== undefined;
    },
    get paused() {
      return paused;
    },
    get child() {
      return child;
    },
    start,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    pause() {
      if (child && !paused) {
        child.kill('SIGSTOP');
        paused = true;
      }
    },
    resume() {
      if (child && paused) {
        child.kill('SIGCONT');
        paused = false;
      }
    },
    cli,
  };
}

/** The settings every data node shares: where it listens, its users, and how much it keeps on disk. */
export function dataNodeConfig(options: {
  host: string;
  port: number;
  dir: string;
  name: string;
  credentials: RedisCredentials;
  keyPatterns: readonly string[];
  /** Keep an AOF in `dir` (a node that restarts must not come back empty and be copied by its replicas). */
  persist: boolean;
}): string[] {
  return [
    `port ${options.port}`,
    `bind ${options.host}`,
    'daemonize no',
    `dir ${options.dir}`,
    'save ""',
    `appendonly ${options.persist ? 'yes' : 'no'}`,
    `appendfilename ${options.name}.aof`,
    `appenddirname ${options.name}-aof`,
    'appendfsync everysec',
    // Nothing the portal wrote is evicted: a full Redis refuses new writes instead (ADR 229).
    'maxmemory-policy noeviction',
    'loglevel warning',
    ...dataNodeUsers(options.credentials, options.keyPatterns),
  ];
}

export interface RedisService {
  readonly port: number;
  /** `redis://127.0.0.1:PORT`, without credentials. */
  readonly url: string;
  /** The portal's user in a URL (for the tests that build a state by hand). */
  readonly portalUrl: string;
  /** The admin user in a URL (for the tests that inspect or tamper with keys); never given to the portal. */
  readonly adminUrl: string;
  /** The portal's environment: REDIS_URL, REDIS_USERNAME, REDIS_PASSWORD. */
  readonly env: Record<string, string>;
  readonly credentials: RedisCredentials;
  /** Whether the server is running (between `start()` and `stop()`, or until it exits on its own). */
  readonly running: boolean;
  /** The running server's process. */
  readonly child: ChildProcess | undefined;
  /** Starts the server again on the same port after `stop()`; a no-op while it runs. */
  start(): Promise<void>;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it to exit; a no-op when stopped. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer: no shutdown, nothing flushed; waits for the exit. */
  kill(): Promise<void>;
  /** SIGSTOP: silent, its connections open, as when its host is cut off. */
  pause(): void;
  /** SIGCONT after `pause()`. */
  resume(): void;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

const userUrl = (user: RedisUser, address: string) =>
  `redis://${encodeURIComponent(user.username)}:${encodeURIComponent(user.password)}@${address}`;

/**
 * Starts redis-server on `options.port` (a free one by default) and resolves once it answers. The portal's user
 * reaches the keys under `keyPatterns` (`portal:*`, the default REDIS_KEY_PREFIX's) and no others.
 */
export async function startRedis(
  options: {
    port?: number;
    keyPatterns?: readonly string[];
    /** Keep an AOF, as a deployed data node does (off by default: the tests' Redis comes back empty). */
    persist?: boolean;
  } = {},
): Promise<RedisService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-redis-'));
  const credentials = newCredentials();
  let node: RedisNode;
  try {
    node = await startRedisNode({
      kind: 'data',
      name: 'redis',
      dir,
      node: { port: options.port },
      admin: credentials.admin,
      configure: ({ host, port }) =>
        dataNodeConfig({
          host,
          port,
          dir,
          name: 'redis',
          credentials,
          keyPatterns: options.keyPatterns ?? ['portal:*'],
          persist: options.persist ?? false,
        }),
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = () => `redis://${node.address}`;
  return {
    get port() {
      return node.port;
    },
    get url() {
      return url();
    },
    get portalUrl() {
      return userUrl(credentials.portal, node.address);
    },
    get adminUrl() {
      return userUrl(credentials.admin, node.address);
    },
    get env() {
      return {
        REDIS_URL: url(),
        REDIS_USERNAME: credentials.portal.username,
        REDIS_PASSWORD: credentials.portal.password,
      };
    },
    credentials,
    get running() {
      return node.running;
    },
    get child() {
      return node.child;
    },
    start: () => node.start(),
    stop: () => node.stop(),
    kill: () => node.kill(),
    pause: () => node.pause(),
    resume: () => node.resume(),
    async close() {
      await node.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
