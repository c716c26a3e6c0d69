import { execFile, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portTaken } from '../../scripts/processes';
import { freePort } from '../../lab/services/redis';

/**
 * The README's first run (issue 37 point 12, ADR 202): `npm start` builds a stale portal in two lines and no
 * warning, and the README's examples (and the other dev tools' in docs/development.md) follow PORT and
 * UPSTREAM_PORT and say how to stop and reset.
 */

const root = path.resolve(import.meta.dirname, '../..');

describe('the first run', () => {
  it('builds a stale portal quietly: a line before, a line after, nothing on stderr', async () => {
    // The build this run's other tests and browsers use: rebuilt from the same sources, it must come out the same
    // (a rebuild that inherited the test runner's NODE_ENV=test made React's development build under new names,
    // and the pages of a portal already running named scripts that were gone).
    const assets = () => readdirSync(path.join(root, 'build/client/assets')).sort();
    const before = assets();
    // Sources newer than the build, as after a fresh clone or an edit.
    const now = new Date();
    utimesSync(path.join(root, 'app/root.tsx'), now, now);
    // Asynchronously: the worker must keep answering the runner for the minute the build takes.
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '-e', "import('./scripts/processes.ts').then((m) => m.buildIfStale())"],
      { cwd: root, encoding: 'utf8', timeout: 280_000 },
    );
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Сборка портала: /);
    expect(lines[1]).toMatch(/^Портал собран за \d+ с\.$/);
    expect(assets()).toEqual(before);
  }, 300_000);

  it('README and docs/development.md: the dev tools’ examples follow the chosen ports; stopping and resetting are said', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    // The other dev tools' examples moved from the README to docs/development.md: the same rule holds there.
    const development = readFileSync(path.join(root, 'docs/development.md'), 'utf8');
    const devToolLines = (text: string) => text.match(/^.*__dev__\/\S*.*$/gm) ?? [];
    expect(devToolLines(readme).length).toBeGreaterThan(2);
    expect(devToolLines(development).length).toBeGreaterThan(1);
    // A fixed port only beside the variable that moves it.
    for (const line of [...devToolLines(readme), ...devToolLines(development)].filter((line) =>
      /127\.0\.0\.1:3001|localhost:3001/.test(line),
    )) {
      expect(line, line).toMatch(/UPSTREAM_PORT/);
    }
    expect(readme).toContain('"http://127.0.0.1:${UPSTREAM_PORT:-3001}/__dev__/passes"');
    expect(readme).toContain('http://localhost:${PORT:-3000}');
    expect(development).toContain('"http://127.0.0.1:${UPSTREAM_PORT:-3001}/__dev__/support/3"');
    expect(readme).toMatch(/\*\*Stop\*\* it with Ctrl-C/);
    expect(readme).toContain('rm -rf data');
  });
});

/** `npm start` as a developer runs it, on ports of its own and a throwaway database; its output collected. */
function npmStart(env: Record<string, string>) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, UPSTREAM_DB: ':memory:', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

describe('npm start, stopped and refused (issue 45, point 8)', () => {
  it('SIGTERM to the npm start process stops the portal and the upstream; the log between is short lines', async () => {
    const [port, upstreamPort] = [await freePort(), await freePort()];
    const run = npmStart({ PORT: String(port), UPSTREAM_PORT: String(upstreamPort) });
    await new Promise<void>((resolve, reject) => {
      run.child.stdout.on('data', () => run.output.stdout.includes('Портал запущен') && resolve());
      void run.exited.then(() => reject(new Error(`npm start exited: ${run.output.stdout}${run.output.stderr}`)));
    });
    // A few pages, as a person would open them: nothing of them fills the terminal.
    for (const page of ['/', '/login', '/dictation']) await (await fetch(`http://127.0.0.1:${port}${page}`)).text();
    expect(await portTaken('127.0.0.1', port)).toBe(true);
    expect(await portTaken('127.0.0.1', upstreamPort)).toBe(true);

    run.child.kill('SIGTERM');
    await run.exited;
    // Both servers are gone with it, their ports free: nothing was left running.
    await expect.poll(() => portTaken('127.0.0.1', port), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => portTaken('127.0.0.1', upstreamPort), { timeout: 30_000 }).toBe(false);
    expect(run.output.stdout).toContain(`Портал запущен: http://localhost:${port}`);
    expect(run.output.stdout).not.toContain('{"level"');
    expect(run.output.stderr).not.toContain('{"level"');
  }, 120_000);

  it('a taken port is said in Russian, with the variable that moves it, and no stack', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as { port: number }).port;
    try {
      const run = npmStart({ PORT: String(taken), UPSTREAM_PORT: String(await freePort()) });
      expect(await run.exited).not.toBe(0);
      const said = run.output.stdout + run.output.stderr;
      expect(said).toContain(`Порт ${taken} (портала) уже занят другой программой`);
      expect(said).toMatch(/PORT=\d+ npm start/);
      expect(said).not.toContain('EADDRINUSE');
      expect(said).not.toMatch(/^\s+at /m);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 60_000);
});
