/**
 * A real Debian `redis-server` for tests and local scripts: a free loopback port, nothing written to disk (no RDB
 * snapshots, no AOF, a throw-away `--dir`), started and awaited until it answers PING. `stop()` and `start()` again
 * reuse the same port, so a test can take Redis away in the middle of a run and bring it back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export interface RedisService {
  readonly port: number;
  /** `redis://127.0.0.1:PORT` */
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

async function answers(port: number): Promise<boolean> {
  const client = new Redis({
    port,
    host: '127.0.0.1',
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

function launch(port: number, dir: string): ChildProcess {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  // The child logs to our stderr only when asked: test output stays readable.
  const stdio = process.env.REDIS_SERVICE_LOG ? 'inherit' : 'ignore';
  return spawn(process.env.REDIS_SERVER_BIN || 'redis-server', [...args, '--loglevel', 'warning'], { stdio });
}

async function waitUntilAnswers(child: ChildProcess, port: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`redis-server exited (port ${port})`);
    if (await answers(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts redis-server on `options.port` (a free one by default) and resolves once it answers. */
export async function startRedis(options: { port?: number } = {}): Promise<RedisService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-redis-'));
  let port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;

  async function start() {
    if (child) return;
    const started = launch(port, dir);
    started.on('error', () => {}); // a missing binary shows as the exit below
    try {
      await waitUntilAnswers(started, port);
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
      return `redis://127.0.0.1:${port}`;
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
