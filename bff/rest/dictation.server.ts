import { dictationEventState, type CallBody, type DictationEvent } from '#contract';
import type { Call } from './session-client.server';

/** An event's state now, beside it: computed from its dates, so a cached read never shows a stale state. */
const withState = <T extends { event: DictationEvent }>(item: T, now = Date.now()) => ({
  ...item,
  eventState: dictationEventState(item.event, now),
});

/**
 * The dictation's calls. The events are the same for everyone (shared). A user's dictations are not
 * cached: their status moves with the clock (the time limit runs out, the results come out) and changes through
 * the invitation link, which writes without the user's session.
 */
export function dictationCalls(call: Call) {
  return {
    events: async () => {
      const now = Date.now();
      const { events } = await call('dictationEvents', {}, { cache: 'shared' });
      return events.map((event) => ({ ...event, state: dictationEventState(event, now) }));
    },
    /** Reads only: what the link's page shows before «Начать диктант». */
    open: async (code: string) => withState(await call('openDictation', { body: { code } })),
    start: (code: string) => call('startDictation', { body: { code } }),
    save: (body: CallBody<'saveDictation'>) => call('saveDictation', { body }),
    finish: (body: CallBody<'finishDictation'>) => call('finishDictation', { body }),
    mine: async () => {
      const now = Date.now();
      return (await call('myDictations')).dictations.map((item) => withState(item, now));
    },
    byId: async (id: number) => withState(await call('myDictationById', { query: { id } })),
    issueCode: (id: number) => call('issueDictationCode', { body: { id } }),
    /** The mailed personal link points at `portalOrigin` (the config's public origin). */
    register: (eventId: number, portalOrigin: string) =>
      call('registerForDictation', { body: { eventId, portalOrigin } }),
  };
}
