import type { CallBody } from '#contract';
import type { Call } from './session-client.server';

/** Support requests: the user's own list (never cached: staff reply on the provider's side) and a new request (ADR 012, ADR 020). */
export function supportCalls(call: Call) {
  return {
    list: () => call('supportList'),
    send: (body: CallBody<'putSupportRequest'>) => call('putSupportRequest', { body }),
  };
}
