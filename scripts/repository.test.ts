import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A fresh clone, with nothing beside it, explains itself: no file may send the reader to documents outside the
 * repository (the provider's specification and the first design lived there once; docs/product.md and
 * docs/architecture.md replace them), and no Markdown link may point at a file the repository does not have.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = path.relative(root, fileURLToPath(import.meta.url));

/**
 * Each pattern names a document outside the repository; this file spells them out, so it is not scanned. The
 * samples below are assembled from parts, so that no search of the repository for such references finds them here.
 */
const OUTSIDE_REFERENCES: ReadonlyArray<[RegExp, string]> = [
  [/\.\.\/shared\b/i, 'a path beside the repository (its parent folder)'],
  [/shared\/(spec|DESIGN)/i, 'the shared specification or design'],
  [/DESIGN\.md/i, 'DESIGN.md (now docs/architecture.md)'],
  [/DESIGN\s§/i, 'a section of the old design (now docs/architecture.md §N)'],
  [/portal-spec/i, 'the provider specification (now docs/product.md)'],
  [/\bspec §/i, 'spec §N (now docs/product.md §N)'],
];

interface Problem {
  file: string;
  line: number;
  problem: string;
}

/** Tracked files and new ones not yet added (but not ignored ones), so a check before committing sees them too. */
function listRepositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(out.split('\0').filter(Boolean))].sort();
}

function readText(file: string): string | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(root, file));
  } catch {
    return null; // deleted in the working tree, not yet in the index
  }
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

/** Lines that mention a document outside the repository. */
function findOutsideReferences(file: string, text: string): Problem[] {
  return text.split('\n').flatMap((content, index) =>
    OUTSIDE_REFERENCES.filter(([pattern]) => pattern.test(content)).map(([, what]) => ({
      file,
      line: index + 1,
      problem: `refers to ${what}`,
    })),
  );
}

const MARKDOWN_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const EXTERNAL = /^([a-z][\w+.-]*:|#)/i;

/**
 * Relative Markdown links (outside fenced code) that leave the repository or name a path it does not hold.
 * `/x` is read from the repository root, as the forge reads it; folders count as present when a file is in them.
 */
function findBrokenLinks(file: string, text: string, present: (repoPath: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    if (/^\s*(```|~~~)/.test(content)) fenced = !fenced;
    if (fenced) return;
    for (const [, rawTarget] of content.matchAll(MARKDOWN_LINK)) {
      if (EXTERNAL.test(rawTarget!)) continue;
      const target = safeDecode(rawTarget!.replace(/[#?].*$/, ''));
      if (target === '') continue;
      const resolved = target.startsWith('/')
        ? path.posix.normalize(target.slice(1))
        : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      const repoPath = resolved.replace(/\/$/, '');
      if (repoPath === '..' || repoPath.startsWith('../')) {
        problems.push({ file, line: index + 1, problem: `links outside the repository: ${rawTarget}` });
      } else if (repoPath !== '.' && repoPath !== '' && !present(repoPath)) {
        problems.push({ file, line: index + 1, problem: `links to a missing file: ${rawTarget}` });
      }
    }
  });
  return problems;
}

/** `docs/….md` named anywhere (a comment, a test, a table cell) must be a file of the repository. */
function findMissingDocs(file: string, text: string, present: (repoPath: string) => boolean): Problem[] {
  return text
    .split('\n')
    .flatMap((content, index) =>
      [...content.matchAll(/(?<![\w/.-])docs\/[\w./-]+\.md\b/g)]
        .filter(([name]) => !present(name))
        .map(([name]) => ({ file, line: index + 1, problem: `names a missing document: ${name}` })),
    );
}

function safeDecode(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

function presenceOf(files: readonly string[]) {
  const paths = new Set(files);
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) paths.add(dir);
  }
  return (repoPath: string) => paths.has(repoPath);
}

const format = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line}: ${p.problem}`);

describe('the repository stands on its own', () => {
  const files = listRepositoryFiles().filter((file) => file !== 'package-lock.json' && file !== self);
  const present = presenceOf(listRepositoryFiles());
  const texts = files.flatMap((file) => {
    const text = readText(file);
    return text === null ? [] : [{ file, text }];
  });

  it('finds the files to check', () => {
    expect(texts.map((t) => t.file)).toEqual(expect.arrayContaining(['README.md', 'docs/product.md']));
  });

  it('refers to no document outside it', () => {
    expect(format(texts.flatMap(({ file, text }) => findOutsideReferences(file, text)))).toEqual([]);
  });

  it('has no Markdown link that leaves it or points at a missing file', () => {
    const markdown = texts.filter(({ file }) => file.endsWith('.md'));
    expect(format(markdown.flatMap(({ file, text }) => findBrokenLinks(file, text, present)))).toEqual([]);
  });

  it('names only documents it has', () => {
    expect(format(texts.flatMap(({ file, text }) => findMissingDocs(file, text, present)))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const present = presenceOf(['README.md', 'docs/product.md', 'docs/decisions/201-stack-and-dependencies.md']);

  it('name the file and line of a reference outside the repository', () => {
    const design = ['..', 'shared', 'DESIGN.md'].join('/');
    const text = ['fine', `see ${design}`, 'as in Spec §4', ['the DESIGN', '§9 budgets'].join(' ')].join('\n');
    expect(format(findOutsideReferences('bff/x.ts', text))).toEqual([
      'bff/x.ts:2: refers to a path beside the repository (its parent folder)',
      'bff/x.ts:2: refers to the shared specification or design',
      'bff/x.ts:2: refers to DESIGN.md (now docs/architecture.md)',
      'bff/x.ts:3: refers to spec §N (now docs/product.md §N)',
      'bff/x.ts:4: refers to a section of the old design (now docs/architecture.md §N)',
    ]);
  });

  it('leave the repository’s own references alone', () => {
    const text = 'docs/product.md §4, docs/architecture.md §9, tests/e2e/auth.spec.ts';
    expect(findOutsideReferences('README.md', text)).toEqual([]);
  });

  it('catch links that leave the repository and links to missing files', () => {
    const outside = ['..', '..', '..', 'shared', 'spec.md'].join('/');
    const text = [
      `[spec](${outside}) [ok](../product.md#4) [gone](../nowhere.md)`,
      '[root](/README.md) [dir](./) [web](https://example.org/x) [anchor](#context)',
      '```',
      '[in code](../../../outside.md)',
      '```',
    ].join('\n');
    expect(format(findBrokenLinks('docs/decisions/216-sign-in-limits.md', text, present))).toEqual([
      `docs/decisions/216-sign-in-limits.md:1: links outside the repository: ${outside}`,
      'docs/decisions/216-sign-in-limits.md:1: links to a missing file: ../nowhere.md',
    ]);
  });

  it('catch a docs/ document that does not exist', () => {
    const text = '// docs/product.md §2 and docs/adding-nothing.md';
    expect(format(findMissingDocs('app/x.ts', text, present))).toEqual([
      'app/x.ts:1: names a missing document: docs/adding-nothing.md',
    ]);
  });
});
