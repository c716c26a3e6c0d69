import { afterAll, beforeAll } from 'vitest';
import {
  startPortal,
  startReferenceUpstream,
  type Portal,
  type PortalOptions,
  type ReferenceUpstream,
} from './harness';

/**
 * The reference upstream and the portal for the tests of a file (or of a `describe`): both start in `beforeAll`
 * and close in `afterAll`. The returned object's `upstream` and `portal` are set once `beforeAll` has run, so
 * read them in hooks and tests only. `portal` options may depend on the upstream (its URL, say).
 */
export function useServers(
  options: {
    upstream?: Parameters<typeof startReferenceUpstream>[0];
    portal?: Omit<PortalOptions, 'upstreamUrl'> | ((upstream: ReferenceUpstream) => Omit<PortalOptions, 'upstreamUrl'>);
  } = {},
) {
  const servers = {} as { upstream: ReferenceUpstream; portal: Portal };
  beforeAll(async () => {
    servers.upstream = await startReferenceUpstream(options.upstream);
    const portal = typeof options.portal === 'function' ? options.portal(servers.upstream) : options.portal;
    servers.portal = await startPortal({ upstreamUrl: servers.upstream.url, ...portal });
  });
  afterAll(async () => {
    await servers.portal?.close();
    await servers.upstream?.close();
  });
  return servers;
}
