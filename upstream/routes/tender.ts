import { findTenderQuestion, insertTenderQuestion } from '../db/tender';
import { findUserById } from '../db/users';
import type { CallRegistrar } from '../http/calls';
import { fail, unauthorized } from '../http/envelope';
import type { Services } from '../services';

/** The tender question: teachers and participants ask the contest's organisers once. */
export function registerTenderRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  function mayAsk(userId: number): boolean {
    const user = findUserById(db, userId);
    if (!user) throw unauthorized();
    return user.role === 'teacher' || user.role === 'participant';
  }

  calls.authenticated('tenderQuestionCheck', ({ session }) => {
    const question = findTenderQuestion(db, session.userId);
    if (question) return { canAsk: false, reason: 'already_asked' as const, question };
    if (!mayAsk(session.userId)) return { canAsk: false, reason: 'not_allowed' as const, question: null };
    return { canAsk: true, reason: null, question: null };
  });

  calls.authenticated('putTenderQuestion', ({ session, body }) => {
    if (!mayAsk(session.userId)) {
      throw fail(403, 'not_allowed', 'Вопросы по конкурсу принимаются от учителей и участников');
    }
    if (!insertTenderQuestion(db, session.userId, body.text, now())) {
      throw fail(409, 'already_asked', 'Вы уже отправили вопрос по конкурсу');
    }
    const question = findTenderQuestion(db, session.userId);
    if (!question) throw new Error('putTenderQuestion: the question just saved is missing');
    return question;
  });
}
