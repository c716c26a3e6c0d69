/**
 * `npm start`: builds the portal when its sources are newer than the build, then runs the reference upstream
 * (SQLite, seeded demo content) and the portal together. `npm run dev` does the same with Vite's dev server.
 * Honours PORT (portal) and UPSTREAM_PORT (reference upstream); every other variable (from the environment or
 * a .env file) passes through.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A .env file beside package.json (see .env.example) is read here, for both servers.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const dev = process.argv.includes('--dev');
const upstreamPort = process.env.UPSTREAM_PORT || '3001';
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const built = path.join(root, 'build/server/index.js');
  const sources = Math.max(newestMtime(path.join(root, 'app')), newestMtime(path.join(root, 'bff')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Сборка портала…');
  const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A demo session secret kept in data/ so that restarts keep people signed in. */
function demoSessionSecret(): string {
  const file = path.join(root, 'data/session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function waitForUpstream(child: ChildProcess) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error('the reference upstream exited');
    try {
      if ((await fetch(`${upstreamUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the reference upstream did not answer on ${upstreamUrl}`);
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env, stdio: 'inherit' });
}

if (!dev) buildIfStale();

const upstream = run('upstream/main.ts', [], {
  ...process.env,
  UPSTREAM_PORT: upstreamPort,
  UPSTREAM_DEV_TOOLS: process.env.UPSTREAM_DEV_TOOLS || 'true',
  // The certificates' verification address points at this portal (ADR 027).
  UPSTREAM_PORTAL_ORIGIN:
    process.env.UPSTREAM_PORTAL_ORIGIN || process.env.PUBLIC_ORIGIN || `http://localhost:${process.env.PORT || 3000}`,
  NODE_ENV: 'development',
});
await waitForUpstream(upstream);

const portal = run('bff/server/main.server.ts', dev ? ['--dev'] : [], {
  ...process.env,
  NODE_ENV: dev ? 'development' : 'production',
  REST_API_URL: process.env.REST_API_URL || upstreamUrl,
  FIRST_AUTH_URL: process.env.FIRST_AUTH_URL || `${upstreamUrl}/first-auth/`,
  SESSION_SECRET: process.env.SESSION_SECRET || demoSessionSecret(),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    portal.kill(signal);
    upstream.kill(signal);
  });
}
for (const [child, other] of [
  [portal, upstream],
  [upstream, portal],
] as const) {
  child.on('exit', (code) => {
    other.kill('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
