import type { ServerBuild } from '@remix-run/node';
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from '../metrics.server';

/**
 * The request duration histogram's route label: the id of the deepest Remix route the path matches, as
 * Remix's own server matches it (its single-fetch `.data` requests under the page's route), `unmatched` for a path
 * no route takes, or the name a handler of the server gave itself (`static`, `healthz`, …). Never the path: that
 * is the client's to choose, and would make one series per URL.
 */
export function routeIdOf(build: Pick<ServerBuild, 'routes'>, pathname: string): string {
  let path = pathname;
  if (path.endsWith('.data')) path = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length);
  return matchRoutes(treeOf(build.routes), path)?.at(-1)?.route.id ?? 'unmatched';
}

/** Names the handler answering this request, for the metrics (the static files, the health endpoints). */
export function labelRoute(res: Response, route: string) {
  res.locals.metricsRoute = route;
}

/** Times every request from its arrival to the end of its answer (or the client's going away). */
export function httpMetrics(metrics: Metrics, build: () => Promise<Pick<ServerBuild, 'routes'>>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const done = metrics.request();
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : null;
      const named = res.locals.metricsRoute as string | undefined;
      if (named) return done({ route: named, method: req.method, status });
      const pathname = req.originalUrl.split('?')[0] ?? '/';
      void build().then(
        (current) => done({ route: routeIdOf(current, pathname), method: req.method, status }),
        () => done({ route: 'unmatched', method: req.method, status }),
      );
    });
    next();
  };
}

/** Remix's route tree of a build's flat manifest, made once per build (patched matchRoutes caches per tree). */
const trees = new WeakMap<object, AgnosticRouteObject[]>();

function treeOf(routes: ServerBuild['routes']): AgnosticRouteObject[] {
  let tree = trees.get(routes);
  if (!tree) {
    const byParent = new Map<string, ServerBuild['routes'][string][]>();
    for (const route of Object.values(routes)) {
      const parent = route.parentId ?? '';
      byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
    }
    const childrenOf = (parentId: string): AgnosticRouteObject[] =>
      (byParent.get(parentId) ?? []).map((route) => {
        const children = childrenOf(route.id);
        const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
        return route.index ? { ...base, index: true } : { ...base, children };
      });
    tree = childrenOf('');
    trees.set(routes, tree);
  }
  return tree;
}
