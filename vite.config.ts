import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Rollup } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { remixConfig } from './remix.config';

/**
 * Every page loads the document's code: React and Remix, `entry.client` and the root route with all they import
 * statically. Left to itself, Rollup cut that into some twenty files (the framework, then one small file per
 * module a route shares with the root), each compressed on its own, and the many small files cost a page about
 * 4 KB of gzip more than the same code in one file. So the browser's build puts all of it in one chunk, `shell`,
 * with the small helpers most pages import anyway. Every page loads less than before (`npm run bench -- js`: the
 * heaviest 94.2 → 91.6 KB); a page that does not use one of those helpers loads its few hundred bytes all the same.
 */
function shellChunk(): Rollup.GetManualChunk {
  let shell: Set<string> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    shell ??= shellOf([...getModuleIds()], (m) => getModuleInfo(m)?.importedIds ?? []);
    return shell.has(id) ? 'shell' : undefined;
  };
}

/** What a module reaches through static imports, itself excluded. */
function reach(start: string, imports: (id: string) => readonly string[]): Set<string> {
  const found = new Set<string>();
  const queue = [...imports(start)];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (found.has(next) || next === start) continue;
    found.add(next);
    queue.push(...imports(next));
  }
  return found;
}

/**
 * The document's code (what the root route and `entry.client` import), and the small helpers at least half of
 * the pages' routes import as well (dates, plurals, a screen's heading): one file rather than many.
 */
function shellOf(ids: string[], imports: (id: string) => readonly string[]): Set<string> {
  const roots = ids.filter((m) => /[/\\]app[/\\](root|entry\.client)\.tsx$/.test(m));
  const routes = ids.filter((m) => /[/\\]app[/\\]routes[/\\]/.test(m) && /\.tsx?$/.test(m));
  const shell = new Set(roots.flatMap((m) => [...reach(m, imports)]).filter((m) => !roots.includes(m)));
  const uses = new Map<string, number>();
  for (const route of routes) for (const m of reach(route, imports)) uses.set(m, (uses.get(m) ?? 0) + 1);
  for (const [m, count] of uses)
    if (count * 2 >= routes.length && !routes.includes(m) && !roots.includes(m)) shell.add(m);
  return shell;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixConfig), tsconfigPaths()],
  // Terser packs the browser's JavaScript a few KB tighter than esbuild, which keeps form pages within the
  // 95 KB first-load budget (docs/architecture.md §9); the server bundle stays readable, as Vite builds it by default.
  build: {
    target: 'es2022',
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
    rollupOptions: {
      output: isSsrBuild ? {} : { manualChunks: shellChunk() },
      // Two warnings of every build said nothing wrong (issue 37, ADR 202), so they are dropped where they arise:
      // - a resource route (a file, a PDF, a redirect) has no code for the browser, so its client chunk is empty;
      // - a deferred form (ADR 221) is imported statically on the server, which renders it at once, and
      //   dynamically in the browser; the server's bundle sees both, and its chunks do not matter. In the
      //   browser's build the same warning would be a real mistake, and stays.
      onwarn(warning, warn) {
        if (warning.code === 'EMPTY_BUNDLE') return;
        if (
          isSsrBuild &&
          warning.plugin === 'vite:reporter' &&
          warning.message.includes('dynamic import will not move')
        )
          return;
        warn(warning);
      },
    },
  },
}));
