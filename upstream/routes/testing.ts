import { findTest, findTestDetail, listTests } from '../db/testing';
import {
  closeAttempt,
  countAnswers,
  countAttempts,
  expireOverdue,
  findOpenAttempt,
  findOwnAttempt,
  insertAttempt,
  saveAnswer,
} from '../db/testing-attempts';
import { listQuestions } from '../db/testing-questions';
import { readAttempt } from '../db/testing-review';
import type { CallRegistrar } from '../http/calls';
import { fail, notFound } from '../http/envelope';
import type { Db } from '../db/open';
import type { Services } from '../services';
import { testCertificateOf } from './earned-certificates';

/**
 * In tests, the upstream is the judge of every limit: the deadline is set when the attempt starts and
 * checked on every answer, the number of attempts when one starts; overdue attempts are finished lazily, on the
 * user's next call, as of their deadline. Each attempt shuffles its questions and options once, when it starts.
 */
export function registerTestingRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now, random } = services;

  calls.authenticated('testsList', ({ session }) => {
    expireOverdue(db, session.userId, now());
    return { tests: listTests(db, session.userId, now()) };
  });

  calls.authenticated('testById', async ({ session, query }) => {
    expireOverdue(db, session.userId, now());
    const test = findTestDetail(db, session.userId, query.id, now());
    if (!test) throw notFound();
    return { ...test, certificate: await testCertificateOf(services, session.userId, findTest(db, test.id)!) };
  });

  calls.authenticated('startAttempt', ({ session, body }) => {
    const time = now();
    const test = findTest(db, body.testId);
    if (!test) throw fail(404, 'not_found', 'Такого теста нет', 'testId');
    const attemptId = db.transaction(() => {
      expireOverdue(db, session.userId, time);
      const open = findOpenAttempt(db, session.userId, test.id);
      if (open) return open.id;
      const used = countAttempts(db, session.userId, test.id);
      if (test.max_attempts !== null && used >= test.max_attempts) {
        throw fail(409, 'attempts_exhausted', `Все попытки использованы: ${used} из ${test.max_attempts}.`);
      }
      return insertAttempt(db, session.userId, test, time, random);
    })();
    return readAttempt(db, attemptId, time);
  });

  calls.authenticated('attemptById', ({ session, query }) => {
    expireOverdue(db, session.userId, now());
    return readAttempt(db, requireOwnAttempt(db, session.userId, query.id).id, now());
  });

  calls.authenticated('putAnswer', ({ session, body }) => {
    const time = now();
    const attempt = requireOwnAttempt(db, session.userId, body.attemptId, 'attemptId');
    if (attempt.finished_at === null && attempt.deadline_at !== null && time >= attempt.deadline_at) {
      closeAttempt(db, attempt, 'time_over', attempt.deadline_at);
      throw fail(409, 'time_over', 'Время на тест истекло: ответ не принят, попытка завершена.');
    }
    if (attempt.finished_at !== null) {
      throw fail(409, 'attempt_finished', 'Попытка уже завершена: ответы больше не принимаются.');
    }
    const question = listQuestions(db, attempt.test_id).find((candidate) => candidate.id === body.questionId);
    if (!question) throw fail(404, 'not_found', 'Такого вопроса нет в этом тесте', 'questionId');

    const optionIds = [...new Set(body.optionIds)];
    const text = body.text.trim();
    const known = optionIds.every((id) => question.options.some((option) => option.id === id));
    if (question.kind === 'single' && (optionIds.length !== 1 || !known || text !== '')) {
      throw fail(400, 'invalid_answer', 'Выберите один вариант ответа', 'optionIds');
    }
    if (question.kind === 'multiple' && (optionIds.length === 0 || !known || text !== '')) {
      throw fail(400, 'invalid_answer', 'Отметьте хотя бы один вариант ответа', 'optionIds');
    }
    if (question.kind === 'text' && (text === '' || optionIds.length > 0)) {
      throw fail(400, 'invalid_answer', 'Впишите ответ', 'text');
    }
    saveAnswer(db, attempt.id, question.id, { optionIds, text }, time);
    return {
      questionId: question.id,
      answeredCount: countAnswers(db, attempt.id),
      savedAt: new Date(time).toISOString(),
    };
  });

  calls.authenticated('finishAttempt', ({ session, body }) => {
    const time = now();
    expireOverdue(db, session.userId, time);
    const attempt = requireOwnAttempt(db, session.userId, body.attemptId, 'attemptId');
    if (attempt.finished_at === null) closeAttempt(db, attempt, 'submitted', time);
    return readAttempt(db, attempt.id, time);
  });
}

/** Someone else's attempt is as unknown as a missing one; `field` names it for a body's `attemptId`. */
function requireOwnAttempt(db: Db, userId: number, attemptId: number, field?: string) {
  const attempt = findOwnAttempt(db, userId, attemptId);
  if (!attempt) throw field ? fail(404, 'not_found', 'Такой попытки нет', field) : notFound();
  return attempt;
}
