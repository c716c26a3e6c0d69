import type { CallBody } from '#contract';
import type { Call } from './session-client.server';

/**
 * Tests: none of the reads is cached: each carries the user's attempts and the time left, which the
 * upstream computes at the moment of the call, and an attempt changes with every answer.
 */
export function testingCalls(call: Call) {
  return {
    list: async () => (await call('testsList', {})).tests,
    byId: (id: number) => call('testById', { query: { id } }),
    attempt: (id: number) => call('attemptById', { query: { id } }),
    start: (testId: number) => call('startAttempt', { body: { testId } }),
    answer: (body: CallBody<'putAnswer'>) => call('putAnswer', { body }),
    finish: (attemptId: number) => call('finishAttempt', { body: { attemptId } }),
  };
}
