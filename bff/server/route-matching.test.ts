import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * patches/@remix-run+router+*.patch and patches/@remix-run+react+*.patch (ADR 205): the CommonJS builds, the ones
 * Node's server runs, keep a route tree's ranked branches, each path's matches, each pattern's regular expression,
 * the tree converted for the rendered router, and the server routes of a build's manifest, instead of rebuilding
 * them for every request.
 */
const require = createRequire(import.meta.url);
const router = require('@remix-run/router') as typeof import('@remix-run/router');
const remixRoutes = require('@remix-run/react/dist/routes.js') as {
  createServerRoutes(manifest: object, modules: object, future: object, isSpaMode: boolean): { id: string }[];
};

const ids = (routes: Parameters<typeof router.matchRoutes>[0], path: string) =>
  router.matchRoutes(routes, path)?.map((match) => [match.route.id, match.params]);

describe('route matching on the server (patched @remix-run/router)', () => {
  it('is applied: a tree is flattened and ranked once, so a route added to it later is not seen', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'lk', path: 'lk' }] }];
    expect(ids(routes, '/lk')).toEqual([
      ['root', {}],
      ['lk', {}],
    ]);
    routes[0]!.children.push({ id: 'late', path: 'late' });
    expect(router.matchRoutes(routes, '/late')).toBeNull();
    // A new tree (a new build in development) is flattened afresh.
    expect(ids([...routes], '/late')).toEqual([
      ['root', {}],
      ['late', {}],
    ]);
  });

  it('still ranks and matches as before: static over dynamic, params, optional segments, splats', () => {
    const routes = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'scenario', path: 'lk/scenarios/:id' },
          { id: 'new', path: 'lk/scenarios/new' },
          { id: 'optional', path: 'docs/:lang?/intro' },
          { id: 'files', path: 'files/*' },
        ],
      },
    ];
    expect(ids(routes, '/lk/scenarios/42')?.[1]).toEqual(['scenario', { id: '42' }]);
    expect(ids(routes, '/lk/scenarios/new')?.[1]).toEqual(['new', {}]);
    expect(ids(routes, '/docs/intro')?.[1]).toEqual(['optional', { lang: undefined }]);
    expect(ids(routes, '/docs/ru/intro')?.[1]).toEqual(['optional', { lang: 'ru' }]);
    expect(ids(routes, '/files/a/b.pdf')?.[1]).toEqual(['files', { '*': 'a/b.pdf' }]);
    expect(router.matchRoutes(routes, '/nowhere')).toBeNull();
  });

  it('keeps no long path’s matches: a flood of distinct long paths pins no memory (issue 25)', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const routes = [{ id: 'root', path: '/', children: [{ id: 'not-found', path: '*' }] }];
    const long = (n: number) => `/${n}-${'x'.repeat(16_000)}`;
    expect(ids(routes, long(0))?.[1]).toEqual(['not-found', { '*': long(0).slice(1) }]);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let n = 1; n <= 900; n++) router.matchRoutes(routes, long(n));
    gc();
    // Kept (up to 1,000 a tree), these would hold 15 MB or more (the key, the decoded path, the matches' strings).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 1024 * 1024);
  });

  it('keeps one compiled pattern per case sensitivity and end, as matchPath is asked', () => {
    expect(router.matchPath({ path: '/LK', caseSensitive: true, end: true }, '/lk')).toBeNull();
    expect(router.matchPath({ path: '/LK', caseSensitive: false, end: true }, '/lk')?.pathname).toBe('/lk');
    expect(router.matchPath({ path: '/lk', end: true }, '/lk/scenarios')).toBeNull();
    expect(router.matchPath({ path: '/lk', end: false }, '/lk/scenarios')?.pathnameBase).toBe('/lk');
  });

  it('hands every caller its own matches: a params object changed by one loader is not the next one’s', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'test', path: 'lk/testing/:id/questions/:n' }] }];
    const first = router.matchRoutes(routes, '/lk/testing/7/questions/2')!;
    // One params object for the whole match, as the router has always made it.
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).id = 'changed';
    first.pop();
    const second = router.matchRoutes(routes, '/lk/testing/7/questions/2')!;
    expect(second.map((match) => [match.route.id, match.params])).toEqual([
      ['root', { id: '7', n: '2' }],
      ['test', { id: '7', n: '2' }],
    ]);
    expect(second[1]!.route).toBe(routes[0]!.children[0]);
  });

  it('converts a tree for the rendered router once, and fills every caller’s manifest', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'lk', path: 'lk' }] }];
    const mapProperties = () => ({ hasErrorBoundary: false });
    const firstManifest = {};
    const first = router.UNSAFE_convertRoutesToDataRoutes(routes, mapProperties, undefined, firstManifest);
    const secondManifest: Parameters<typeof router.UNSAFE_convertRoutesToDataRoutes>[3] = {};
    const second = router.UNSAFE_convertRoutesToDataRoutes(routes, mapProperties, undefined, secondManifest);
    expect(second).toBe(first);
    expect(secondManifest).toEqual(firstManifest);
    expect(secondManifest!.lk).toBe(first[0]!.children![0]);
    // Another mapping of route properties gets a conversion of its own.
    expect(router.UNSAFE_convertRoutesToDataRoutes(routes, () => ({ hasErrorBoundary: true }), undefined, {})).not.toBe(
      first,
    );
  });

  it('builds the server routes of a manifest once, and afresh for a new build', () => {
    const manifest = {
      root: { id: 'root', path: '', hasLoader: true },
      'routes/lk': { id: 'routes/lk', parentId: 'root', path: 'lk', hasLoader: true },
    };
    const modules = { root: { default: () => null }, 'routes/lk': { default: () => null } };
    const first = remixRoutes.createServerRoutes(manifest, modules, {}, false);
    expect(first.map((route) => route.id)).toEqual(['root']);
    expect(remixRoutes.createServerRoutes(manifest, { ...modules }, {}, false)).toBe(first);
    expect(remixRoutes.createServerRoutes({ ...manifest }, modules, {}, false)).not.toBe(first);
  });
});
