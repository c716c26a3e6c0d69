import type { Call } from './session-client.server';

/** The tender question: whether this user may ask (per user), and the question itself. */
export function tenderCalls(call: Call) {
  return {
    check: () => call('tenderQuestionCheck', {}, { cache: 'user' }),
    ask: (text: string) => call('putTenderQuestion', { body: { text } }),
  };
}
