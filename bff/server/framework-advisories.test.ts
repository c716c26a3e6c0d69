import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * The advisories of ADR 204 that reach the portal, each with the patch in `patches/` that closes it. Each test fails
 * on the package as published: remove the patch (and reinstall) and it fails.
 */
const require = createRequire(import.meta.url);

interface TurboStream {
  encode(value: unknown): ReadableStream<Uint8Array>;
  decode(stream: ReadableStream<Uint8Array>): Promise<{ value: unknown; done: Promise<void> }>;
}
/** What the server runs (CommonJS, loaded by `@remix-run/server-runtime`). */
const serverTurboStream = require('turbo-stream') as TurboStream;
/** What the browser runs (the ESM build Vite bundles). */
const browserTurboStream = (await import('turbo-stream')) as TurboStream;

const roundTrip = async (lib: TurboStream, value: unknown) => {
  const text = await new Response(lib.encode(value)).text();
  const decoded = await lib.decode(new Response(text).body!);
  await decoded.done;
  return decoded.value;
};

/** What conform makes of a form field named `a.a.a…` (`depth` times), and hands back in its reply. */
function nested(depth: number): object {
  const top: Record<string, unknown> = {};
  let inner = top;
  for (let i = 0; i < depth; i++) {
    const next: Record<string, unknown> = {};
    inner.a = next;
    inner = next;
  }
  inner.end = 'x';
  return top;
}

const depthOf = (value: unknown) => {
  let depth = 0;
  let inner = value as { a?: unknown };
  while (inner.a) {
    inner = inner.a as { a?: unknown };
    depth++;
  }
  return depth;
};

describe('turbo-stream 2.4.1 (patches/turbo-stream+2.4.1.patch)', () => {
  it('encodes a deeply nested value instead of overflowing the stack (CVE-2026-34077)', async () => {
    // An action's reply echoes the submitted fields; 1,000 levels (a 2 KB field name) overflowed the encoder.
    const reply = { initialValue: nested(5_000), error: { email: ['Введите адрес'] } };
    for (const lib of [serverTurboStream, browserTurboStream]) {
      const back = (await roundTrip(lib, reply)) as typeof reply;
      expect(depthOf(back.initialValue)).toBe(5_000);
      expect(back.error).toEqual({ email: ['Введите адрес'] });
    }
  });

  it('still encodes what single fetch sends: shared values, dates, sets, maps, errors, promises', async () => {
    const shared = { id: 7 };
    const value = {
      list: [shared, shared, new Date(0), new Set(['s']), new Map([['k', [null, undefined]]])],
      error: new TypeError('bad'),
      later: Promise.resolve({ shared }),
    };
    const back = (await roundTrip(serverTurboStream, value)) as {
      list: [object, object, Date, Set<string>, Map<string, unknown>];
      error: Error;
      later: Promise<{ shared: object }>;
    };
    expect(back.list[0]).toBe(back.list[1]);
    expect(back.list[2].getTime()).toBe(0);
    expect([...back.list[3]]).toEqual(['s']);
    expect(back.list[4].get('k')).toEqual([null, undefined]);
    expect(back.error).toBeInstanceOf(TypeError);
    expect((await back.later).shared).toEqual({ id: 7 });
  });

  it('makes an error only of the standard error classes, never another global constructor (GHSA-49rj-9fvp-4h2h)', async () => {
    for (const lib of [serverTurboStream, browserTurboStream]) {
      const hostile = `[{"_1":2,"_3":4},"made",["E","return 1","Function"],"range",["E","bad","RangeError"]]\n`;
      const decoded = await lib.decode(new Response(hostile).body!);
      const value = decoded.value as { made: unknown; range: unknown };
      expect(value.made).toBeInstanceOf(Error);
      expect(typeof value.made).toBe('object');
      expect(value.range).toBeInstanceOf(RangeError);
    }
  });
});

interface ServerRuntime {
  createRequestHandler(build: object, mode: string): (request: Request) => Promise<Response>;
}
const { createRequestHandler } = require('@remix-run/server-runtime') as ServerRuntime;

/** A build with lazy route discovery, as the portal's (`remix.config.ts`), and a route 20 segments deep. */
function manifestHandler() {
  const deepPath = Array.from({ length: 20 }, () => 'x').join('/');
  const routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: object }> = {
    root: { id: 'root', path: '', module: { default: () => null } },
    lk: { id: 'lk', parentId: 'root', path: 'lk', module: { default: () => null } },
    'lk-home': { id: 'lk-home', parentId: 'lk', index: true, module: { default: () => null } },
    deep: { id: 'deep', parentId: 'root', path: deepPath, module: { default: () => null } },
    'not-found': { id: 'not-found', parentId: 'root', path: '*', module: { default: () => null } },
  };
  const build = {
    routes,
    assets: { version: 'v1', routes: Object.fromEntries(Object.keys(routes).map((id) => [id, { id }])) },
    future: { v3_lazyRouteDiscovery: true, v3_singleFetch: true },
    entry: { module: { default: () => new Response('') } },
    publicPath: '/',
    assetsBuildDirectory: '',
    mode: 'production',
    isSpaMode: false,
  };
  const handler = createRequestHandler(build, 'production');
  const manifest = async (path: string) => {
    const response = await handler(new Request(`http://localhost/__manifest?version=v1&p=${path}`));
    expect(response.status).toBe(200);
    return Object.keys((await response.json()) as object).sort();
  };
  /** The status of one request naming all these paths, as a page's links do (`p` once per path). */
  manifest.statusOf = async (paths: string[]) => {
    const url = `http://localhost/__manifest?version=v1&${paths.map((path) => `p=${path}`).join('&')}`;
    // Under the framework's own limit of 7,680 characters, which answers 400 whatever the patch does.
    expect(url.length).toBeLessThanOrEqual(7_680);
    const response = await handler(new Request(url));
    await response.arrayBuffer();
    return response.status;
  };
  return manifest;
}

/** `count` distinct paths of `depth` segments each: `/a0/b/b/…`, `/a1/b/b/…`. */
const manyPaths = (count: number, depth: number) =>
  Array.from({ length: count }, (_, i) => '/' + [`a${i}`, ...Array.from({ length: depth - 1 }, () => 'b')].join('/'));

describe('/__manifest (patches/@remix-run+server-runtime+2.17.5.patch)', () => {
  it('matches a path and at most its first 16 ancestors, not one ancestor per segment (GHSA-chx6-hx7r-mcp5)', async () => {
    const manifest = manifestHandler();
    // Each of the 3,800 ancestors of this path was matched: about 3 s of CPU for one request.
    const long = '/' + Array.from({ length: 3_800 }, () => 'x').join('/');
    expect(await manifest(long)).toEqual(['not-found', 'root']);
    // The route 20 segments deep is found for its own path (its ancestors match the splat), not as the 20th
    // ancestor of a longer one.
    expect(await manifest('/' + Array.from({ length: 20 }, () => 'x').join('/'))).toEqual([
      'deep',
      'not-found',
      'root',
    ]);
  });

  it('bounds the work of one request: at most 100 paths and 300 matches in all, else 400 (issue 36)', async () => {
    const manifest = manifestHandler();
    // The review's shape: 188 paths of 16 segments (7,648 characters) cost 3,000 matches, 0.6–0.8 s of CPU.
    const review = manyPaths(188, 16);
    expect(await manifest.statusOf(review)).toBe(400);
    expect(await manifest.statusOf(manyPaths(101, 1))).toBe(400);
    expect(await manifest.statusOf(manyPaths(20, 16))).toBe(400);
    // What a page's links ask: many short paths, or a few deep ones.
    expect(await manifest.statusOf(manyPaths(100, 2))).toBe(200);
    expect(await manifest.statusOf(manyPaths(17, 16))).toBe(200);
    const started = performance.now();
    for (let i = 0; i < 5; i += 1) await manifest.statusOf(manyPaths(100, 2).map((path) => `${path}/${i}`));
    // The most one request may ask (300 matches), five times over: tens of milliseconds, not seconds.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('still sends the ancestors a client needs: the index route of a parent of the requested path', async () => {
    const manifest = manifestHandler();
    expect(await manifest('/lk/unknown')).toEqual(['lk', 'lk-home', 'not-found', 'root']);
  });
});
