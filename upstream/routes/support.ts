import { SUPPORT_OPEN_MAX } from '#contract';
import {
  answerSupportRequest,
  countOpenSupportRequests,
  findSupportRequest,
  insertSupportRequest,
  listSupportRequests,
  listSupportTopics,
} from '../db/support';
import type { CallRegistrar } from '../http/calls';
import { fail } from '../http/envelope';
import type { Services } from '../services';

/**
 * Support requests: each user writes on a listed topic and sees only their own requests, a few
 * unresolved at a time; replies go to the account's own address, never to one typed in the form (ADR 235).
 */
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
    // Checked and written in one transaction, so two tabs cannot both pass the limit.
    return db.transaction(
      () => {
        if (countOpenSupportRequests(db, session.userId) >= SUPPORT_OPEN_MAX) {
          throw fail(
            409,
            'too_many_open',
            `У вас уже ${SUPPORT_OPEN_MAX} нерешённых обращений. Новое обращение можно отправить, когда одно из них будет решено.`,
          );
        }
        return insertSupportRequest(db, { userId: session.userId, topic: body.topic, message: body.message }, now());
      },
      { immediate: true },
    )();
  });

  calls.authenticated('replySupportRequest', ({ session, body }) =>
    db.transaction(
      () => {
        const request = findSupportRequest(db, body.id);
        if (!request || request.userId !== session.userId) throw fail(404, 'not_found', 'Обращение не найдено');
        if (request.status === 'resolved' && countOpenSupportRequests(db, session.userId) >= SUPPORT_OPEN_MAX) {
          throw fail(
            409,
            'too_many_open',
            `У вас уже ${SUPPORT_OPEN_MAX} нерешённых обращений. Ответить на решённое можно, когда одно из них будет решено.`,
          );
        }
        return answerSupportRequest(db, body.id, body.message, now());
      },
      { immediate: true },
    )(),
  );
}
