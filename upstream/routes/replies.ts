import { countUnseen, markSeen } from '../db/replies';
import type { CallRegistrar } from '../http/calls';
import type { Services } from '../services';

/** How many answers and replies the user has not seen, and the read receipt of a page that showed them. */
export function registerReplyRoutes(calls: CallRegistrar, services: Services): void {
  const { db } = services;

  calls.authenticated('unseenReplies', ({ session }) => countUnseen(db, session.userId));

  calls.authenticated('markRepliesSeen', ({ session, body }) => {
    markSeen(db, session.userId, body.section, body.ids);
    return countUnseen(db, session.userId);
  });
}
