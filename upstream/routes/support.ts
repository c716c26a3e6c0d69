import { insertSupportRequest, listSupportRequests, listSupportTopics } from '../db/support';
import type { CallRegistrar } from '../http/calls';
import { fail } from '../http/envelope';
import type { Services } from '../services';

/** Support requests: each user writes on a listed topic and sees only their own requests (ADR 020). */
export function registerSupportRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  calls.authenticated('supportList', ({ session }) => ({
    topics: listSupportTopics(db),
    requests: listSupportRequests(db, session.userId),
  }));

  calls.authenticated('putSupportRequest', ({ session, body }) => {
    if (!listSupportTopics(db).some((topic) => topic.slug === body.topic)) {
      throw fail(400, 'unknown_topic', 'Выберите тему из списка', 'topic');
    }
    const request = { userId: session.userId, topic: body.topic, message: body.message, replyTo: body.replyTo ?? null };
    return insertSupportRequest(db, request, now());
  });
}
