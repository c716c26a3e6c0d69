import type { Call } from './session-client.server';

/** The signed-in teacher's offline certificate, or null: never cached, staff issue it on the provider's side. */
export function certificateCalls(call: Call) {
  return {
    mine: async () => (await call('certificate')).certificate,
  };
}
