import type { CallBody } from '#contract';
import type { Call } from './session-client.server';

/** Master-class calls of docs/product.md §7. Both reads carry the user's progress, so they are per-user. */
export function webinarsCalls(call: Call) {
  return {
    list: () => call('webinarsList', {}, { cache: 'user' }),
    byId: (id: number) => call('webinarById', { query: { id } }, { cache: 'user' }),
    putHistoryTime: (body: CallBody<'putHistoryTime'>) => call('putHistoryTime', { body }),
  };
}
