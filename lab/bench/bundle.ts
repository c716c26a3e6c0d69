import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

/**
 * First-load JavaScript from the client build. Remix deletes Vite's own `.vite/manifest.json` after the build
 * (it is kept only with `build.manifest: true`), so the source of truth is the Remix browser manifest
 * `assets/manifest-*.js`: per route its chunk (`module`) and the chunks that chunk statically imports
 * (`imports`, already resolved by Remix from the Vite manifest). The bench follows static imports in the chunk
 * files too, so a chunk the manifest missed would still be counted. Dynamic `import()`s load later: not counted.
 */
interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/**
 * docs/architecture.md §9: first-load JavaScript of every page, gzip, in KB. One figure for every bench section
 * that checks a page, so tightening it is one change.
 */
export const FIRST_LOAD_JS_KB = 95;

export interface Chunk {
  /** The URL path, e.g. `/assets/root-CwIbA1f_.js`. */
  file: string;
  bytes: number;
  /**
   * gzip at level 9: the `.gz` copy the server sends (scripts/precompress.ts), and how an outside measure of the
   * page counts.
   */
  gzip: number;
}

export function createBundle(clientDir: string) {
  const assets = path.join(clientDir, 'assets');
  const manifestFile = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error(`no Remix manifest in ${assets}: run \`npm run build\` first`);
  const source = readFileSync(path.join(assets, manifestFile), 'utf8');
  const manifest = JSON.parse(source.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, '')) as RemixManifest;

  const chunks = new Map<string, Chunk>();
  function chunk(file: string): Chunk {
    let found = chunks.get(file);
    if (!found) {
      const code = readFileSync(path.join(clientDir, file));
      found = { file, bytes: code.length, gzip: gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length };
      chunks.set(file, found);
    }
    return found;
  }

  /** `file` and every chunk it reaches through static `import … from "./x.js"` / `import "./x.js"`. */
  function withStaticImports(files: string[]): Set<string> {
    const seen = new Set<string>();
    const queue = [...files];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(path.join(clientDir, file), 'utf8');
      for (const [, target] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
        queue.push(path.posix.join(path.posix.dirname(file), target!));
      }
    }
    return seen;
  }

  /** The route and its parents up to root: everything a document load of that route renders. */
  function chain(routeId: string): ManifestRoute[] {
    const routes: ManifestRoute[] = [];
    for (
      let route = manifest.routes[routeId];
      route;
      route = route.parentId ? manifest.routes[route.parentId] : undefined
    ) {
      routes.unshift(route);
    }
    if (routes.length === 0) throw new Error(`no route ${routeId} in ${manifestFile}`);
    return routes;
  }

  return {
    manifestFile,
    /**
     * First-load JS of a document whose deepest route is `routeId` (null: from the document alone), plus any extra
     * URLs (the page's scripts and preloads, scriptsOf).
     */
    firstLoad(routeId: string | null, extra: string[] = []) {
      const files = [manifest.entry.module, ...manifest.entry.imports];
      for (const route of routeId ? chain(routeId) : []) files.push(route.module, ...(route.imports ?? []));
      const list = [...withStaticImports([...files, ...extra])].map(chunk).sort((a, b) => b.gzip - a.gzip);
      return { chunks: list, gzip: sum(list.map((c) => c.gzip)), bytes: sum(list.map((c) => c.bytes)) };
    },
    /** Each route's own chunk; routes sharing a module (e.g. `dictation2024` and the home screen) count once. */
    routeChunks() {
      const byFile = new Map<string, { routeIds: string[]; chunk: Chunk }>();
      for (const route of Object.values(manifest.routes)) {
        const entry = byFile.get(route.module) ?? { routeIds: [], chunk: chunk(route.module) };
        entry.routeIds.push(route.id);
        byFile.set(route.module, entry);
      }
      return [...byFile.values()].sort((a, b) => b.chunk.gzip - a.chunk.gzip);
    },
    /** Leaf routes (no child routes): the pages a visitor can land on. */
    leafRouteIds() {
      const parents = new Set(Object.values(manifest.routes).map((r) => r.parentId));
      return Object.keys(manifest.routes).filter((id) => !parents.has(id));
    },
  };
}

/**
 * The scripts a server-rendered document loads before it is interactive, as an outside measure reads them: every
 * `<script src>` and `<link rel="modulepreload">` of the page's own (`/assets/…`). The bench adds what they import
 * statically; a dynamic `import()` (a deferred form) loads later and is not counted.
 */
export function scriptsOf(html: string): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const urls = tags.flatMap((tag) => {
    const src = /^<script\b/.test(tag) ? /\ssrc="([^"]+)"/.exec(tag)?.[1] : undefined;
    const preload = /\srel="modulepreload"/.test(tag) ? /\shref="([^"]+)"/.exec(tag)?.[1] : undefined;
    return [src ?? preload ?? []].flat();
  });
  return [...new Set(urls.filter((url) => url.startsWith('/assets/')))];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
