import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `dependencies` is what the production install (`npm ci --omit=dev`) brings, and exactly what the
 * portal's server imports (build/server/index.js and main.js leave every package as an import), plus
 * patch-package, which patches those packages as they are installed. The reference upstream's packages, the
 * scripts' and the tests' are development dependencies.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** The portal's production code: what the two server bundles are built from (tests and fixtures aside). */
const PORTAL_SOURCES = ['app', 'bff', 'contract'];
const NOT_SHIPPED = /\.test\.tsx?$|-fixture\.ts$/;

/** Packages portal sources import that production never loads, each with the reason. */
const BUILD_OR_DEV_ONLY: Record<string, string> = {
  vite: "bff/server/main.server.ts imports it only for `npm run dev`'s dev server",
  '@remix-run/route-config': 'app/routes.ts is read by the build, not bundled',
};

/** Production dependencies no source imports, each with the reason. */
const INSTALL_TIME: Record<string, string> = {
  'patch-package':
    'the postinstall that applies patches/ to production packages (ADRs 205 and 204), so `npm ci --omit=dev` gets them patched',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !NOT_SHIPPED.test(entry.name) ? [file] : [];
  });
}

/** The packages a module imports (`from '…'`, `import('…')`, `export … from '…'`), by package name. */
function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"\s]+)['"]/gm)].map(
    (match) => match[1]!,
  );
  return specifiers
    .filter((specifier) => !/^(\.|~\/|#|node:)/.test(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

const portalImports = new Map<string, string>();
for (const dir of PORTAL_SOURCES) {
  for (const file of sourceFiles(path.join(root, dir))) {
    for (const name of importedPackages(readFileSync(file, 'utf8'))) {
      if (!portalImports.has(name)) portalImports.set(name, path.relative(root, file));
    }
  }
}

describe('production dependencies (ADR 201)', () => {
  it('every package the portal imports is a production dependency', () => {
    const missing = [...portalImports]
      .filter(([name]) => !(name in pkg.dependencies) && !(name in BUILD_OR_DEV_ONLY))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('every production dependency is imported by the portal, or is needed to install it', () => {
    const unused = Object.keys(pkg.dependencies).filter((name) => !portalImports.has(name) && !(name in INSTALL_TIME));
    expect(unused).toEqual([]);
    expect(pkg.scripts.postinstall).toMatch(/^patch-package\b/);
  });

  it('what only the build or the dev server uses stays out of production', () => {
    for (const name of Object.keys(BUILD_OR_DEV_ONLY)) {
      expect(pkg.devDependencies, name).toHaveProperty([name]);
      expect(pkg.dependencies, name).not.toHaveProperty([name]);
    }
  });

  it('the reference upstream, the scripts, the lab and the tests bring their packages as development dependencies', () => {
    const elsewhere = new Set<string>();
    for (const dir of ['upstream', 'scripts', 'tests', 'lab']) {
      for (const file of sourceFiles(path.join(root, dir))) {
        for (const name of importedPackages(readFileSync(file, 'utf8'))) elsewhere.add(name);
      }
    }
    const theirsOnly = [...elsewhere].filter((name) => !portalImports.has(name));
    expect(theirsOnly.filter((name) => !(name in pkg.devDependencies))).toEqual([]);
    expect(theirsOnly.filter((name) => name in pkg.dependencies)).toEqual([]);
    // tsx runs the scripts and the upstream, never the portal in production.
    expect(pkg.devDependencies).toHaveProperty(['tsx']);
  });
});
