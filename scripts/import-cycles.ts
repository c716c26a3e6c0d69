/**
 * No import circle anywhere (issue 38): every TypeScript file the repository compiles (tsconfig.json's own list)
 * is read, its static imports and re-exports resolved as TypeScript resolves them (`~/`, `#shared/*`, `#contract`
 * included), and any strongly connected group of files is reported. Type-only imports count too: a circle of
 * types is still two files that cannot be read, moved or split apart one without the other. A dynamic `import()`
 * does not count (it loads later, on demand). `npm run lint` runs this file; scripts/import-cycles.test.ts tests it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Each file's static imports, as absolute paths of the repository's own files (packages are left out). */
export function importGraph(projectDir: string): Map<string, string[]> {
  const configPath = path.join(projectDir, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, projectDir);
  const host = ts.createCompilerHost(parsed.options);
  const own = new Set(parsed.fileNames.map((file) => path.resolve(file)));
  const graph = new Map<string, string[]>();
  for (const file of own) {
    const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, false);
    const targets = new Set<string>();
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (specifier === null) continue;
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, host).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && own.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every circle: each strongly connected group of two or more files (Tarjan's algorithm), its files sorted. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;

  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The circles of a project, each as its files relative to the project, for a message. */
export function importCycles(projectDir: string): string[][] {
  return findCycles(importGraph(projectDir))
    .map((group) => group.map((file) => path.relative(projectDir, file).split(path.sep).join('/')))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = importCycles(root);
  for (const group of cycles) console.error(`Import circle: ${group.join(' ↔ ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import circle(s): move the piece both files need into a third file.`);
    process.exit(1);
  }
}
