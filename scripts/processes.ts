/**
 * What `npm start` and `npm run start:cluster` share: the repository root, the production build made when its
 * sources are newer, the demo session secret, and the repository's TypeScript entry points run as child processes
 * that are awaited until they answer over HTTP.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The portal's compiled server: `npm run build` bundles it beside the Remix server build. */
const SERVER = 'build/server/main.js';

export function buildIfStale() {
  const built = [path.join(root, 'build/server/index.js'), path.join(root, SERVER)];
  const sources = Math.max(...['app', 'bff', 'contract', 'shared'].map((dir) => newestMtime(path.join(root, dir))));
  if (built.every((file) => existsSync(file) && statSync(file).mtimeMs >= sources)) return;
  // Quiet: a line before and one after; the build's own report (every file and its size) only when it
  // fails, where it says why, and its warnings, of which there are none.
  console.log('Сборка портала: первый запуск или изменились исходники, обычно до двух минут…');
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error('Сборка не удалась: причина выше.');
    process.exit(result.status ?? 1);
  }
  // A warning of a build that succeeded is still said: the build has none (vite.config.ts), so one is news.
  process.stderr.write(result.stderr ?? '');
  console.log(`Портал собран за ${Math.round((Date.now() - started) / 1000)} с.`);
}

/** A demo session secret kept in data/ so that restarts keep people signed in. */
export function demoSessionSecret(): string {
  const file = path.join(root, 'data/session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * `command` run through `prefix` (`['ip', 'netns', 'exec', 'portalh-app1']` runs it on a namespace host; `ip`
 * execs the command, so the child's pid and signals are the program's own), or directly when it is empty.
 */
export function spawnWith(
  prefix: string[],
  command: string,
  args: string[],
  options: Parameters<typeof spawn>[2],
): ChildProcess {
  return prefix.length
    ? spawn(prefix[0]!, [...prefix.slice(1), command, ...args], options)
    : spawn(command, args, options);
}

/**
 * A TypeScript entry point of the repository in a Node child process, through tsx: the reference upstream, and the
 * portal's development server (`npm run dev`).
 */
export function runTs(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  stdio: StdioOptions = 'inherit',
  prefix: string[] = [],
): ChildProcess {
  return spawnWith(prefix, process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio,
  });
}

/**
 * glibc's malloc arenas for the portal process unless the environment sets them: by default every thread that
 * allocates (zlib and crypto run on libuv's pool) may get an arena of its own, and under load the process kept
 * about 60 MB more resident memory for them.
 */
export const MALLOC_ARENA_MAX = '2';

/**
 * glibc's mmap threshold, fixed at 128 KB (ADR 225): an allocation that large (a compression stream's window, a
 * large buffer) is mapped on its own and handed back to the system when freed. Left to glibc, the threshold rises
 * after the first such block is freed, later ones come from the arenas, which keep what is freed, and a loaded
 * portal's resident memory crept up by some 70 MB over 40,000 requests (`npm run bench -- memory`).
 */
export const MALLOC_MMAP_THRESHOLD = '131072';

/**
 * V8's heap limits for the portal process.
 * - An old-space limit: without one, V8 sizes the heap from the machine's memory and let a loaded portal keep about
 *   200 MB of heap, most of it garbage not yet collected; with any limit it uses its memory-saving growth and stays
 *   near 100 MB. 1 GB is far above what the portal holds.
 * - A semi-space limit of 16 MB: Node 24's V8 lets the young generation grow to 64 MB semi-spaces (192 MB in all)
 *   where Node 20's stopped at 16 MB, and a loaded portal used it: peak resident memory under the cost bench went
 *   from about 200 to about 300 MB. At 16 MB it is back at 208–225 MB, for no measurable CPU per request.
 */
export const PORTAL_NODE_OPTIONS = ['--max-old-space-size=1024', '--max-semi-space-size=16'];

/** The portal in production: its compiled server in plain Node, with no TypeScript loader at run time. */
export function runPortal(
  env: Record<string, string | undefined>,
  stdio: StdioOptions = 'inherit',
  nodeOptions: string[] = [],
  prefix: string[] = [],
): ChildProcess {
  return spawnWith(prefix, process.execPath, [...PORTAL_NODE_OPTIONS, ...nodeOptions, SERVER], {
    cwd: root,
    env: { MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD, ...(env as NodeJS.ProcessEnv) },
    stdio,
  });
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves once `url` answers 200, rejects when `child` exits first or after `attempts` × 100 ms. */
export async function waitForOk(url: string, child: ChildProcess, what: string, attempts = 300) {
  for (let i = 0; i < attempts; i++) {
    if (hasExited(child)) throw new Error(`${what} exited`);
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${what} did not answer on ${url}`);
}

/** Whether another program listens on `host:port` already: a listen there fails with EADDRINUSE. */
export function portTaken(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

/** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  child.kill(signal);
  await exited;
  clearTimeout(killer);
}

/** The reference upstream as `npm start` runs it: its dev tools on, awaited until it answers. */
export async function startUpstreamProcess(
  port: string,
  options: {
    env?: Record<string, string>;
    stdio?: StdioOptions;
    /** The address it listens on (default 127.0.0.1) and the prefix that runs it on its host. */
    host?: string;
    prefix?: string[];
    /** `false`: not awaited here (on another host, it is not reached on its loopback from here). */
    probe?: boolean;
  } = {},
) {
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${port}`;
  const env = {
    ...process.env,
    UPSTREAM_PORT: port,
    UPSTREAM_DEV_TOOLS: process.env.UPSTREAM_DEV_TOOLS || 'true',
    // The certificates' verification address points at the portal people open.
    UPSTREAM_PORTAL_ORIGIN:
      process.env.UPSTREAM_PORTAL_ORIGIN || process.env.PUBLIC_ORIGIN || `http://localhost:${process.env.PORT || 3000}`,
    NODE_ENV: 'development',
    ...(options.host ? { UPSTREAM_HOST: options.host } : {}),
    ...options.env,
  };
  const child = runTs('upstream/main.ts', [], env, options.stdio, options.prefix);
  if (options.probe !== false) await waitForOk(`${url}/healthz`, child, 'the reference upstream');
  return { url, child };
}

/** The portal's environment against an upstream: the variables `npm start` fills in when they are not set. */
export function portalEnv(upstreamUrl: string, production: boolean): Record<string, string | undefined> {
  return {
    ...process.env,
    NODE_ENV: production ? 'production' : 'development',
    REST_API_URL: process.env.REST_API_URL || upstreamUrl,
    FIRST_AUTH_URL: process.env.FIRST_AUTH_URL || `${upstreamUrl}/first-auth/`,
    SESSION_SECRET: process.env.SESSION_SECRET || demoSessionSecret(),
  };
}
