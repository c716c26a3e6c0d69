import type { Call } from './session-client.server';

/** The banners of `/` and `/lk`: the same for everyone, so shared in the read cache. */
export function bannersCalls(call: Call) {
  return {
    list: async () => (await call('bannersList', {}, { cache: 'shared' })).items,
  };
}
