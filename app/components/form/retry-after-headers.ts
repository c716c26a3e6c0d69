import type { HeadersFunction } from '@remix-run/node';

/**
 * A route whose action can be throttled exports this as `headers`: Remix passes an action's cookies on by
 * itself, but its `Retry-After` (with HTTP 429) only through the route's `headers`.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return new Headers(retryAfter ? { 'Retry-After': retryAfter } : undefined);
};
