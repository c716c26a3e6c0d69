import type { Call } from './session-client.server';

/** The signed-in teacher's offline certificate, or null: per user in the read cache. */
export function certificateCalls(call: Call) {
  return {
    mine: async () => (await call('certificate', {}, { cache: 'user' })).certificate,
  };
}
