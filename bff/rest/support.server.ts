import { SUPPORT_OPEN_MAX, type CallBody } from '#contract';
import type { Call } from './session-client.server';

/**
 * Support requests: the user's own list and a new request. The list is not cached: support's replies
 * change it, and the user must see them on the next look.
 */
export function supportCalls(call: Call) {
  return {
    /** With whether one more may be sent: the upstream takes a few unresolved requests at a time. */
    list: async () => {
      const list = await call('supportList');
      const open = list.requests.filter((request) => request.status !== 'resolved').length;
      return { ...list, openLimit: SUPPORT_OPEN_MAX, canSend: open < SUPPORT_OPEN_MAX };
    },
    send: (body: CallBody<'putSupportRequest'>) => call('putSupportRequest', { body }),
    /** The user's answer back on one of their requests, which reopens it. */
    answer: (body: CallBody<'replySupportRequest'>) => call('replySupportRequest', { body }),
  };
}
