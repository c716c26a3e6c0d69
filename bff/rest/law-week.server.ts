import type { Call } from './session-client.server';

/** The law week: the same programme and themes for everyone, so shared in the read cache. */
export function lawWeekCalls(call: Call) {
  return {
    program: async () => (await call('lawWeekProgram', {}, { cache: 'shared' })).days,
    themes: async () => (await call('lawWeekThemes', {}, { cache: 'shared' })).themes,
  };
}
