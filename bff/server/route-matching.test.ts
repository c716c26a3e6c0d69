import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * patches/@remix-run+router+*.patch (ADR 034): the router's CommonJS build, the one Node's server runs, keeps a
 * route tree's ranked branches and each pattern's regular expression instead of rebuilding them on every match.
 */
const router = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router');

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

  it('keeps one compiled pattern per case sensitivity and end, as matchPath is asked', () => {
    expect(router.matchPath({ path: '/LK', caseSensitive: true, end: true }, '/lk')).toBeNull();
    expect(router.matchPath({ path: '/LK', caseSensitive: false, end: true }, '/lk')?.pathname).toBe('/lk');
    expect(router.matchPath({ path: '/lk', end: true }, '/lk/scenarios')).toBeNull();
    expect(router.matchPath({ path: '/lk', end: false }, '/lk/scenarios')?.pathnameBase).toBe('/lk');
  });
});
