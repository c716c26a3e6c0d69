import { data, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * Every «not there» of the portal, in one module (ADR 209): the 404 page of a document, and the plain
 * text 404 of a resource route, which has no page to render. The server's layers (the file streams of
 * bff/rest) and the routes of app/ answer with these.
 */

/** The words of the 404 page (docs/product.md §2): every resource route answers a missing thing with them. */
const RESOURCE_NOT_FOUND = 'Ошибка 404. Запрашиваемая страница не существует.';

/** The error thrown for a path that names no screen (docs/product.md §8: unknown route): the 404 page. */
export function pageNotFound(pathname: string) {
  return data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

/** A short answer in plain text that no cache keeps: what a resource route says instead of an error page. */
export function plainText(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** The one answer of every resource route for a thing that is not there; documents get the 404 page. */
export function resourceNotFound(): Response {
  return plainText(404, RESOURCE_NOT_FOUND);
}

/** What `data()` throws; Remix would answer it from a resource route as `{"message":"Unexpected Server Error"}`. */
export function isThrownStatus(error: unknown, status: number): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    error.type === 'DataWithResponseInit' &&
    'init' in error &&
    (error.init as ResponseInit | null)?.status === status
  );
}

/**
 * A resource route's handler whose «not there» — a malformed id (`readId`), a 404 from the upstream, a thing the
 * route itself does not find — is the one answer of every resource route: `resourceNotFound`.
 */
export function resourceRoute<Args extends LoaderFunctionArgs>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (isThrownStatus(error, 404)) return resourceNotFound();
      throw error;
    }
  };
}
