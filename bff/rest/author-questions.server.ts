import type { CallBody } from '#contract';
import type { Call } from './session-client.server';

/** Questions to the authors: the user's own list (cached per user, dropped when they ask) and asking (ADR 020). */
export function authorQuestionsCalls(call: Call) {
  return {
    list: () => call('authorQuestionsList', {}, { cache: 'user' }),
    ask: (body: CallBody<'putAuthorQuestion'>) => call('putAuthorQuestion', { body }),
  };
}
