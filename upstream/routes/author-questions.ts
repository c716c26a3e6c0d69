import { AUTHOR_QUESTIONS_OPEN_MAX } from '#contract';
import {
  countOpenAuthorQuestions,
  insertAuthorQuestion,
  listAuthorQuestions,
  listQuestionTopics,
} from '../db/author-questions';
import type { CallRegistrar } from '../http/calls';
import { fail } from '../http/envelope';
import type { Services } from '../services';

/** Questions to the authors: each user asks on a listed topic and sees only their own questions. */
export function registerAuthorQuestionRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  calls.authenticated('authorQuestionsList', ({ session }) => ({
    topics: listQuestionTopics(db),
    questions: listAuthorQuestions(db, session.userId),
  }));

  calls.authenticated('putAuthorQuestion', ({ session, body }) => {
    if (!listQuestionTopics(db).some((topic) => topic.slug === body.topic)) {
      throw fail(400, 'unknown_topic', 'Выберите тему из списка', 'topic');
    }
    // Checked and written in one transaction, so two tabs cannot both pass the limit.
    return db.transaction(
      () => {
        if (countOpenAuthorQuestions(db, session.userId) >= AUTHOR_QUESTIONS_OPEN_MAX) {
          throw fail(
            409,
            'too_many_open',
            `У вас уже ${AUTHOR_QUESTIONS_OPEN_MAX} вопросов без ответа. Новый вопрос можно задать, когда авторы ответят на один из них.`,
          );
        }
        return insertAuthorQuestion(db, { userId: session.userId, topic: body.topic, text: body.text }, now());
      },
      { immediate: true },
    )();
  });
}
