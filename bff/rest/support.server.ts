import type { CallBody } from '#contract';
import type { Call } from './session-client.server';

/** Support requests: the user's own list (cached per user, dropped when they write) and a new request (ADR 020). */
export function supportCalls(call: Call) {
  return {
    list: () => call('supportList', {}, { cache: 'user' }),
    send: (body: CallBody<'putSupportRequest'>) => call('putSupportRequest', { body }),
  };
}
