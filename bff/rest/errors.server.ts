import { data, redirect } from '@remix-run/node';
import type { ApiError, CallName } from '#contract';

/**
 * How an upstream call failed. The class is checked by brand, not instanceof: route modules are bundled into
 * the Remix build while the server creates the client, so two copies of this module meet at run time.
 */
export type UpstreamFailure =
  | 'unauthorized' // HTTP 401: the token is missing, expired or revoked
  | 'rejected' // success: false with errors (validation, conflict, forbidden…)
  | 'status' // any other non-2xx status without a usable envelope
  | 'unavailable' // no status at all: connection refused or dropped, timeout
  | 'malformed'; // 2xx (or a redirect) that does not match the contract

const BRAND = Symbol.for('portal.UpstreamError');

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly [BRAND] = true;

  constructor(
    readonly failure: UpstreamFailure,
    readonly call: CallName,
    readonly status: number | null,
    readonly errors: ApiError[] = [],
    /** The upstream's Retry-After header, honoured by the GET retry backoff. */
    readonly retryAfter: string | null = null,
  ) {
    // The message never contains a URL or body: both may carry secrets.
    super(`${call}: ${failure}${status ? ` (HTTP ${status})` : ''}`);
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

/**
 * docs/product.md §8, "newer helper": any status → the error page with that status. No status from the provider
 * (it did not answer in time, or refused or dropped the connection) is the server's failure, not the browser's:
 * 504, «Сервис не отвечает» (ADR 206); the catalogue's 408 stays for a browser that lost its connection.
 */
export function pageStatusOf(error: UpstreamError): number {
  switch (error.failure) {
    case 'unavailable':
      return 504;
    case 'malformed':
      return 500;
    default:
      return error.status && error.status >= 400 ? error.status : 500;
  }
}

/**
 * The answer to a failed read, thrown from a loader: the root error boundary's page of its status, or for a 401 a
 * redirect to `/` (the newer helper). On `/` itself (`home`), where that redirect would loop, the site failed: 500.
 */
export function toErrorPage(error: UpstreamError, where: { home?: boolean } = {}) {
  if (error.failure === 'unauthorized') return where.home ? data({ message: null }, { status: 500 }) : redirect('/');
  return data({ message: null }, { status: pageStatusOf(error) });
}
