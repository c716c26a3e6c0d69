import type { Call } from './session-client.server';

/** Analytics calls of docs/product.md §7: the token goes along when there is a session. */
export function analyticsCalls(call: Call) {
  return {
    linkTransition: (code: string) => call('linkTransition', { query: { code } }),
  };
}
