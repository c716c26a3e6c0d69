import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ADR 201: the production install is `npm ci --omit=dev`, so every package the built server imports must be a
 * production dependency. Both bundles (Remix's build/server/index.js with its chunks, esbuild's main.js) leave
 * packages as imports.
 */

const serverDir = path.resolve('build/server');
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };

/** `import('vite')` in main.js runs only for `npm run dev` (bff/server/main.server.ts). */
const DEV_ONLY = new Set(['vite']);

function packagesImportedBy(code: string): Set<string> {
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["']([^"'\s]+)["']/g)].map(
    (match) => match[1]!,
  );
  return new Set(
    specifiers
      .filter((specifier) => !/^(\.|\/|node:|data:)/.test(specifier))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
}

describe('the server build and the production install', () => {
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));

  it('imports only production dependencies (and vite for the dev server)', () => {
    expect(files).toEqual(expect.arrayContaining(['index.js', 'main.js']));
    const imported = new Set<string>();
    for (const file of files) {
      for (const name of packagesImportedBy(readFileSync(path.join(serverDir, file), 'utf8'))) imported.add(name);
    }
    expect(imported).toContain('express');
    expect(imported).toContain('react');
    expect([...imported].filter((name) => !(name in dependencies) && !DEV_ONLY.has(name))).toEqual([]);
  });
});
