import { describe, expect, it } from 'vitest';
import { routeIdOf } from './http-metrics.server';

/** The request histogram's route label is the matched Remix route's id, never the path. */
const build = {
  routes: {
    root: { id: 'root', path: '', module: {} },
    'routes/default/layout': { id: 'routes/default/layout', parentId: 'root', module: {} },
    'routes/default/home': { id: 'routes/default/home', parentId: 'routes/default/layout', index: true, module: {} },
    'routes/lk/home': { id: 'routes/lk/home', parentId: 'root', path: 'lk', module: {} },
    'routes/lk/scenario': { id: 'routes/lk/scenario', parentId: 'root', path: 'lk/scenarios/:id', module: {} },
  },
} as unknown as Parameters<typeof routeIdOf>[0];

describe('routeIdOf', () => {
  it('names the deepest matched route, for pages and their single-fetch data alike', () => {
    expect(routeIdOf(build, '/')).toBe('routes/default/home');
    expect(routeIdOf(build, '/_root.data')).toBe('routes/default/home');
    expect(routeIdOf(build, '/lk')).toBe('routes/lk/home');
    expect(routeIdOf(build, '/lk.data')).toBe('routes/lk/home');
    expect(routeIdOf(build, '/lk/scenarios/123')).toBe('routes/lk/scenario');
    expect(routeIdOf(build, '/lk/scenarios/456.data')).toBe('routes/lk/scenario');
  });

  it('says unmatched for a path no route takes, whatever it holds', () => {
    expect(routeIdOf(build, '/teacher@example.org/secret')).toBe('unmatched');
  });
});
