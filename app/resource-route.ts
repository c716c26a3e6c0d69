import type { LoaderFunctionArgs } from '@remix-run/node';
import { resourceNotFound } from '#bff/rest/files.server';

/**
 * What `data()` throws — a failed read's error page (`toErrorPage`) among others; Remix would answer it from a
 * resource route as `{"message":"Unexpected Server Error"}`. A page that answers a 404 itself checks for it too.
 */
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
 * route itself does not find — is the one answer of every resource route: 404 in plain text with the 404 page's
 * words (ADR 024). Documents get the 404 page itself from the error boundary.
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
