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

/**
 * A small JSON answer for the page's own `fetch` (the dictation's autosave), sent whole: with its length, so it
 * is never compressed (below the 1 KB threshold) nor chunked, and leaves the instance in one write with its
 * headers. A compressed or chunked answer goes out as headers and first bytes, then the rest after a zlib round
 * trip on the thread pool; an instance killed in between left haproxy with a half-sent answer it cannot retry,
 * and the writer with `TypeError: terminated` (issue 26). Whole, it either left completely or not at all, and
 * haproxy sends a save that got no answer to another instance (ADR 041).
 */
export function wholeJson(value: unknown, init: ResponseInit = {}): Response {
  const body = JSON.stringify(value);
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json');
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  return new Response(body, { ...init, headers });
}
