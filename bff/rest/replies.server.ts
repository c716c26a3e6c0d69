import type { CallBody } from '#contract';
import type { Call } from './session-client.server';

/**
 * Hearing back: what staff changed that the user has not seen, and the read receipt of a page that
 * showed it. Never cached: the figure must move as soon as staff answer or the user looks.
 */
export function repliesCalls(call: Call) {
  return {
    unseen: () => call('unseenReplies', {}),
    markSeen: (body: CallBody<'markRepliesSeen'>) => call('markRepliesSeen', { body }),
  };
}
