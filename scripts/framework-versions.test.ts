import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The portal stays on Remix v2, which gets no more security fixes, so the versions it runs are ours to
 * keep. Each package below may not be installed below its minimum: the version that fixed an advisory, or the one
 * the ADR assessed and `patches/` patches. An install that brings an older copy back, at the top of node_modules
 * or nested under another package, fails here.
 */
const MINIMUM_VERSIONS: ReadonlyArray<{ name: string; minimum: string; why: string }> = [
  {
    name: '@remix-run/server-runtime',
    minimum: '2.17.5',
    why: 'GHSA-8x6r-g9mw-2r78 (__manifest URL limit) and GHSA-84g9-w2xq-vcv6 (CSRF check on PUT/PATCH/DELETE) fixed; patched for GHSA-chx6-hx7r-mcp5',
  },
  { name: '@remix-run/node', minimum: '2.17.5', why: 'the release of the server runtime above' },
  { name: '@remix-run/express', minimum: '2.17.5', why: 'the release of the server runtime above' },
  { name: '@remix-run/react', minimum: '2.17.5', why: 'GHSA-8v8x-cx79-35w7 fixed (2.17.3); patched by ADR 205' },
  { name: '@remix-run/dev', minimum: '2.17.5', why: 'builds against the runtime above' },
  {
    name: '@remix-run/router',
    minimum: '1.23.4',
    why: 'GHSA-jjmj-jmhj-qwj2 fixed (1.23.4), GHSA-2j2x-hqr9-3h42 (1.23.3); patched by ADR 205',
  },
  { name: 'react-router', minimum: '6.30.6', why: 'GHSA-jjmj-jmhj-qwj2 fixed (on @remix-run/router 1.23.4)' },
  { name: 'react-router-dom', minimum: '6.30.6', why: 'GHSA-jjmj-jmhj-qwj2 fixed (on @remix-run/router 1.23.4)' },
  {
    name: 'turbo-stream',
    minimum: '2.4.1',
    why: 'assessed and patched for CVE-2026-34077 and GHSA-49rj-9fvp-4h2h; 3.x speaks another format',
  },
];

/** Compares `major.minor.patch[-pre]` versions: negative when a is older, 0 when equal, positive when newer. */
function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const match = /^(\d+)\.(\d+)\.(\d+)(?:-([\w.-]+))?(?:\+[\w.-]+)?$/.exec(version.trim());
    if (!match) throw new Error(`not a version: ${version}`);
    return { numbers: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] };
  };
  const left = parse(a);
  const right = parse(b);
  for (let i = 0; i < 3; i++) {
    const difference = left.numbers[i]! - right.numbers[i]!;
    if (difference !== 0) return difference;
  }
  // A prerelease comes before its release; two prereleases of one release are not told apart here.
  if (left.pre === right.pre) return 0;
  if (left.pre === undefined) return 1;
  if (right.pre === undefined) return -1;
  return 0;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every copy of a package: the one Node resolves from the portal, and any the lockfile nests under another. */
function installedCopies(name: string): { where: string; version: string }[] {
  const copies: { where: string; version: string }[] = [];
  const top = path.join(root, 'node_modules', name, 'package.json');
  if (existsSync(top)) {
    const { version } = JSON.parse(readFileSync(top, 'utf8')) as { version: string };
    copies.push({ where: `node_modules/${name}`, version });
  }
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (where.endsWith(`node_modules/${name}`) && entry.version) copies.push({ where, version: entry.version });
  }
  return copies;
}

describe('compareVersions', () => {
  it('orders by major, minor and patch as numbers, not as text', () => {
    expect(compareVersions('2.17.5', '2.17.5')).toBe(0);
    expect(compareVersions('2.17.4', '2.17.5')).toBeLessThan(0);
    expect(compareVersions('2.9.9', '2.17.5')).toBeLessThan(0);
    expect(compareVersions('1.23.10', '1.23.4')).toBeGreaterThan(0);
    expect(compareVersions('3.0.0', '2.99.99')).toBeGreaterThan(0);
    expect(compareVersions('6.30.5', '6.30.6')).toBeLessThan(0);
  });

  it('puts a prerelease before its release', () => {
    expect(compareVersions('2.17.5-pre.0', '2.17.5')).toBeLessThan(0);
    expect(compareVersions('1.23.4', '1.23.4-pre-v6.0')).toBeGreaterThan(0);
    expect(compareVersions('2.17.6-pre.0', '2.17.5')).toBeGreaterThan(0);
  });

  it('refuses what is not a version, rather than letting it pass', () => {
    expect(() => compareVersions('latest', '1.0.0')).toThrow(/not a version/);
    expect(() => compareVersions('2.17', '2.17.5')).toThrow(/not a version/);
  });
});

describe('the framework packages installed (ADR 204)', () => {
  it.each(MINIMUM_VERSIONS)('$name is at least $minimum ($why)', ({ name, minimum }) => {
    const copies = installedCopies(name);
    expect(copies.length, `${name} is not installed`).toBeGreaterThan(0);
    const below = copies.filter((copy) => compareVersions(copy.version, minimum) < 0);
    expect(below, `below ${minimum}: see SECURITY.md «Framework support»`).toEqual([]);
  });
});
