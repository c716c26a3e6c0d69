import { AUTHOR_QUESTIONS_OPEN_MAX, type CallBody } from '#contract';
import type { Call } from './session-client.server';

/**
 * Questions to the authors: the user's own list and asking. The list is not cached: the authors'
 * answers change it, and the user must see them on the next look.
 */
export function authorQuestionsCalls(call: Call) {
  return {
    /** With whether one more may be asked: the upstream takes a few unanswered questions at a time. */
    list: async () => {
      const list = await call('authorQuestionsList');
      const open = list.questions.filter((question) => question.status !== 'answered').length;
      return { ...list, openLimit: AUTHOR_QUESTIONS_OPEN_MAX, canAsk: open < AUTHOR_QUESTIONS_OPEN_MAX };
    },
    ask: (body: CallBody<'putAuthorQuestion'>) => call('putAuthorQuestion', { body }),
  };
}
