import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { redactUrl } from '#bff/log.server';
import { StylesheetContext } from './components/document-styles';
import { formsLoaded } from './components/form/deferred-form';
import { NonceContext } from './lib/nonce';
import { createDocumentStream } from './server/document-stream.server';
import { stylesheet } from './styles/stylesheet.server';
import { seconds } from '#shared/time';

/** How long deferred data may stream; rendering is aborted a little later so the stream can report it. */
export const streamTimeout = seconds(5);
const ABORT_DELAY = streamTimeout + seconds(1);

/**
 * Only the path, and that redacted: query strings may carry one-time passes (`?pass=`), a dictation's path its
 * token (`/dictation/{token}`) and a certificate check's its code (`/certificates/{code}`), which logs must not
 * keep.
 */
function pathOf(request: Request): string {
  return redactUrl(new URL(request.url).pathname);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every document goes out whole, its first byte once its last one is ready: a page streamed from an
  // instance that dies or goes silent mid-body reaches the browser cut, and the balancer cannot send it again once
  // it has begun; a page not begun is sent again to another instance. No route streams data it has not loaded
  // (no deferred promises), so the shell would lead the rest by milliseconds only. A page the balancer may share
  // has its inline scripts hashed from the same whole document (ADR 227).
  const { nonce, sharedPage } = loadContext;
  // The deferred forms' modules (loading since the route modules ran): every form is in the document.
  await formsLoaded();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the whole document is out: a pending timer would keep this request's React tree, loader data
    // and response alive for ABORT_DELAY after it was sent, hundreds of them at once under load.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY);
    // Instead of a plain PassThrough: without NUL bytes, one chunk per React flush (document-stream.server.ts).
    const body = createDocumentStream();
    body.on('close', () => clearTimeout(abortTimer));
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={stylesheet}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce || undefined} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => {
            const html = Buffer.concat(chunks);
            sharedPage?.rendered(html.toString('utf8'));
            responseHeaders.set('Content-Length', String(html.length));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and Remix reports them through handleError.
          if (shellRendered && !request.signal.aborted) {
            loadContext.log.error({ err: error, method: request.method, path: pathOf(request) }, 'render failed');
          }
        },
      },
    );
  });
}

/** A `.data` answer goes out whole as well, for the same reason as a document. */
export const handleDataRequest: HandleDataRequestFunction = async (response) => {
  if (!response.body) return response;
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Remix's own warnings already given: anyone can send `?_data=`, which must not flood the error log. Bounded, in
 * case a warning's text ever carried something of the request.
 */
const warned = new Set<string>();
const MAX_WARNINGS_REMEMBERED = 100;

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A client that went away is not an error of ours.
  if (request.signal.aborted) return;
  const fields = { method: request.method, path: pathOf(request) };
  // Remix reports its warnings (a `?_data=` request to a single-fetch app) as Errors: once each, as warnings.
  if (error instanceof Error && error.message.startsWith('Warning: ')) {
    if (!warned.has(error.message)) context.log.warn(fields, error.message);
    if (warned.size < MAX_WARNINGS_REMEMBERED) warned.add(error.message);
    return;
  }
  if (isRouteErrorResponse(error)) {
    // Remix's own answers (no route, no action for a POST, …) wrap an Error; 4xx ones are client mistakes.
    const cause: unknown = 'error' in error ? error.error : undefined;
    if (error.status < 500) context.log.warn({ ...fields, status: error.status }, 'request rejected');
    else context.log.error({ ...fields, status: error.status, err: cause }, 'request failed');
    return;
  }
  context.log.error({ ...fields, err: error }, 'request failed');
};
