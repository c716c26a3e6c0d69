import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
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
import type { ReactNode } from 'react';
import { getViewer } from '#bff/auth/viewer.server';
import { useBuildCheck } from './client/use-build-check';
import { useChunkReload } from './client/use-chunk-reload';
import { describeError, ErrorPage } from './components/error-page';
import { NavigationProgress } from './components/navigation-progress';
import { copy } from './copy';
import { errorDocumentTitle, readProductTitle, screenMeta } from './meta';
import { useNonce } from './nonce';
import appStyles from './styles/app.css?url';

/** Only what the UI needs: never tokens, never the session. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    product: context.config.product,
    viewer: await getViewer(context),
    // Empty without BUILD_ID: the page then uses its manifest version, which is what /build.json falls back to.
    buildId: context.config.buildId ?? '',
  };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStyles },
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
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {copy.skipLink}
        </a>
        <NavigationProgress />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { buildId } = useLoaderData<typeof loader>();
  useBuildCheck(buildId);
  const chunkFailure = useChunkReload();
  return chunkFailure ? <ErrorPage status={chunkFailure} /> : <Outlet />;
}

/** The one error boundary: per-status screens live in ErrorPage. */
export function ErrorBoundary() {
  return <ErrorPage {...describeError(useRouteError())} />;
}
