import type { CallBody } from '#contract';
import type { Call } from './session-client.server';

/** The weekly program: the days are the same for everyone (shared), the user's links are the user's own. */
export function weekCalls(call: Call) {
  return {
    days: async () => (await call('weekList', {}, { cache: 'shared' })).days,
    participation: () => call('weekParticipation', {}, { cache: 'user' }),
    putDayLink: (body: CallBody<'putDayLink'>) => call('putDayLink', { body }),
  };
}
