import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import {
  listeningServer,
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
    // The upstream's letters link its configured origin only (issue 44): the portal's, so its port is taken first.
    const server = await listeningServer();
    const { port } = server.address() as AddressInfo;
    servers.upstream = await startReferenceUpstream({ portalOrigin: `http://localhost:${port}`, ...options.upstream });
    const portal = typeof options.portal === 'function' ? options.portal(servers.upstream) : options.portal;
    servers.portal = await startPortal({ upstreamUrl: servers.upstream.url, server, ...portal });
  });
  afterAll(async () => {
    await servers.portal?.close();
    await servers.upstream?.close();
  });
  return servers;
}
