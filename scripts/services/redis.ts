/**
 * A real Debian `redis-server` for tests and local scripts: a free loopback port, nothing written to disk (no RDB
 * snapshots, no AOF, a throw-away `--dir`), started and awaited until it answers PING. `stop()` and `start()` again
 * reuse the same port, so a test can take Redis away in the middle of a run and bring it back.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { spawnWith } from './processes';

export interface RedisService {
  readonly port: number;
  /** `redis://HOST:PORT` (127.0.0.1 unless placed on a host) */
  readonly url: string;
  /** Whether the server is running (between `start()` and `stop()`, or until it exits on its own). */
  readonly running: boolean;
  /** The running server's process. */
  readonly child: ChildProcess | undefined;
  /** Starts the server again on the same port after `stop()`; a no-op while it runs. */
  start(): Promise<void>;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it to exit; a no-op when stopped. */
  stop(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

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

async function answers(host: string, port: number): Promise<boolean> {
  const client = new Redis({
    port,
    host,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function launch(host: string, port: number, dir: string, prefix: string[]): ChildProcess {
  // On a host of its own it is reached from the others: Redis 7 refuses them unless protected mode is off (the
  // hosts' network exists only inside the namespaces of ADR 059).
  const binds = host === '127.0.0.1' ? [host] : [host, '127.0.0.1', '--protected-mode', 'no'];
  const args = ['--port', String(port), '--bind', ...binds, '--save', '', '--appendonly', 'no', '--dir', dir];
  // The child logs to our stderr only when asked: test output stays readable.
  const stdio = process.env.REDIS_SERVICE_LOG ? 'inherit' : 'ignore';
  return spawnWith(prefix, process.env.REDIS_SERVER_BIN || 'redis-server', [...args, '--loglevel', 'warning'], {
    stdio,
  });
}

async function waitUntilAnswers(child: ChildProcess, host: string, port: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`redis-server exited (port ${port})`);
    if (await answers(host, port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts redis-server on `options.port` (a free one by default) and resolves once it answers. On a host of ADR
 * 059 it listens on `host` (and that host's loopback) and runs through `prefix`.
 */
export async function startRedis(
  options: { port?: number; host?: string; prefix?: string[] } = {},
): Promise<RedisService> {
  const host = options.host ?? '127.0.0.1';
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-redis-'));
  let port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;

  async function start() {
    if (child) return;
    const started = launch(host, port, dir, options.prefix ?? []);
    started.on('error', () => {}); // a missing binary shows as the exit below
    try {
      await waitUntilAnswers(started, host, port);
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
    child = started;
    // Killed or crashed: `start()` brings it back on the same port (the cluster script's supervisor does).
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
  }

  async function stop() {
    const running = child;
    if (!running) return;
    child = undefined;
    const killer = setTimeout(() => running.kill('SIGKILL'), 5000);
    running.kill('SIGTERM');
    await exited(running);
    clearTimeout(killer);
  }

  // Another process may take the free port between the probe and the start: try a fresh one (only when we chose it).
  for (let attempt = 0; ; attempt++) {
    try {
      await start();
      break;
    } catch (error) {
      if (options.port !== undefined || attempt >= 4) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
      port = await freePort();
    }
  }

  return {
    get port() {
      return port;
    },
    get url() {
      return `redis://${host}:${port}`;
    },
    get running() {
      return child !== undefined;
    },
    get child() {
      return child;
    },
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
