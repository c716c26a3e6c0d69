import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's first run (issue 37 point 12, ADR 097): `npm start` builds a stale portal in two lines and no
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
      ['--import', 'tsx', '-e', "import('./scripts/services/processes.ts').then((m) => m.buildIfStale())"],
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
