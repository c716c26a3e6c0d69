import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A throwaway project: its tsconfig (with a `~/` alias, as the portal's) and the files given. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  made.push(dir);
  const tsconfig = {
    include: ['**/*.ts'],
    compilerOptions: { moduleResolution: 'Bundler', module: 'ESNext', paths: { '~/*': ['./src/*'] } },
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('import circles', () => {
  it('finds a circle, through aliases and re-exports, type-only imports included', () => {
    const dir = project({
      'src/open.ts':
        "import { migrate } from './migrations';\nexport class Db {}\nexport const open = () => migrate(new Db());\n",
      'src/migrations.ts': "import type { Db } from '~/open';\nexport const migrate = (db: Db) => db;\n",
      'src/a.ts': "export { b } from './b';\nexport const a = 1;\n",
      'src/b.ts': "import { c } from './c';\nexport const b = c;\n",
      'src/c.ts': "import { a } from './a';\nexport const c = a;\n",
      'src/alone.ts': "import { open } from './open';\nexport const alone = open;\n",
    });
    expect(importCycles(dir)).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts'],
      ['src/migrations.ts', 'src/open.ts'],
    ]);
  });

  it('does not count a dynamic import(), which loads later, on demand', () => {
    const dir = project({
      'src/page.ts': "export const load = () => import('./form');\n",
      'src/form.ts': "import { load } from './page';\nexport const form = load;\n",
    });
    expect(importCycles(dir)).toEqual([]);
  });

  // Every file of the repository is parsed: seconds on a busy machine.
  it('finds none in the repository', { timeout: 60_000 }, () => {
    expect(importCycles(root)).toEqual([]);
  });
});
