import type { LinksFunction, MetaFunction } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from '@remix-run/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useBuildCheck } from './client/use-build-check';
import { useChunkReload } from './client/use-chunk-reload';
import { useSessionCountdown } from './client/use-session-countdown';
import { DocumentStyles } from './components/document-styles';
import { describeError, ErrorPage } from './components/error-page';
import { NavigationProgress } from './components/navigation-progress';
import { RouteAnnouncer } from './components/route-announcer';
import { copy } from './lib/copy';
import { errorDocumentTitle, readProductTitle, screenMeta } from './lib/meta';
import { useNonce } from './lib/nonce';
import type { loader } from './root.server';

/** Only signed-in users near the end of their session ever load it. */
const SessionWarning = lazy(() => import('./components/session-warning'));

// The root loader lives in root.server.ts, so app/lib/root-data.ts can take its type without an import circle.
export { loader } from './root.server';

/**
 * The viewer changes through actions (sign-in, profile, popups, sign-out), never through a list's search,
 * filters or page: a navigation that changes only the query leaves the root's data (and its profile call) alone.
 * Entry-flow parameters (`pass`, `re`) still go to the root loader.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  const read = formMethod === undefined || formMethod.toUpperCase() === 'GET';
  const queryOnly = currentUrl.pathname === nextUrl.pathname && !nextUrl.searchParams.has('pass');
  return read && queryOnly && !nextUrl.searchParams.has('re') ? false : defaultShouldRevalidate;
};

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (error !== undefined) {
    const productTitle = readProductTitle(data) ?? copy.fallbackProductTitle;
    const { status } = isRouteErrorResponse(error) ? error : { status: 500 };
    return [{ title: errorDocumentTitle(productTitle, status) }];
  }
  return screenMeta(matches);
};

/** The document around every page, the error page included. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <DocumentStyles />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {copy.skipLink}
        </a>
        <NavigationProgress />
        {children}
        <RouteAnnouncer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { buildId, viewer, sessionCountdownMs } = useLoaderData<typeof loader>();
  useBuildCheck(buildId);
  const session = useSessionCountdown(viewer?.id ?? null, sessionCountdownMs);
  const chunkFailure = useChunkReload();
  if (chunkFailure) return <ErrorPage status={chunkFailure} />;
  return (
    <>
      {session.warning && session.endsAt !== null ? (
        <Suspense fallback={null}>
          <SessionWarning endsAt={session.endsAt} extend={session.extend} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

/** The one error boundary: per-status screens live in ErrorPage. */
export function ErrorBoundary() {
  return <ErrorPage {...describeError(useRouteError())} />;
}
