import type { ServerBuild } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts } from '@remix-run/react';
import { createElement as h } from 'react';

/**
 * The reference of budget 12 (lab/bench/cost.ts): a minimal Remix page served by the portal's own server. The same
 * Express app, middleware, entry.server (stream, nonce, compression) and configuration as production, but a
 * build of two routes: a document with Remix's `<Meta>`, `<Links>` and `<Scripts>`, and `/reference`, one heading.
 * What `/login` costs beyond this page is what the portal's pages add to Remix.
 *
 * The routes' client assets are the real root's, so `<Scripts>` writes a real page's preloads and manifest.
 */
export const REFERENCE_PATH = '/reference';

export function referenceBuild(real: ServerBuild): ServerBuild {
  const Document = () =>
    h(
      'html',
      { lang: 'ru' },
      h('head', null, h('meta', { charSet: 'utf-8' }), h(Meta), h(Links)),
      h('body', null, h(Outlet), h(Scripts)),
    );
  const Page = () => h('main', null, h('h1', null, 'Образовательный портал'));
  const rootAssets = real.assets.routes.root!;
  const flags = { hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false };
  return {
    ...real,
    routes: {
      root: { id: 'root', path: '', module: { default: Document } },
      reference: { id: 'reference', parentId: 'root', path: REFERENCE_PATH.slice(1), module: { default: Page } },
    },
    assets: {
      ...real.assets,
      routes: {
        root: { ...rootAssets, ...flags, hasErrorBoundary: false },
        reference: {
          ...rootAssets,
          ...flags,
          id: 'reference',
          parentId: 'root',
          path: REFERENCE_PATH.slice(1),
          hasErrorBoundary: false,
        },
      },
    },
  } as ServerBuild;
}
