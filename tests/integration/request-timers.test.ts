import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, startReferenceUpstream, type Portal, type ReferenceUpstream } from './harness';

/**
 * ADR 225: a document's abort timer (entry.server.tsx) and the request's upstream deadline (app.server.ts) are
 * cleared once the response is out. A pending timer keeps its request's React tree, loader data and response
 * alive for seconds after they were sent; under load that was hundreds of requests' worth of memory.
 */
let upstream: ReferenceUpstream;
let portal: Portal;

beforeAll(async () => {
  upstream = await startReferenceUpstream();
  portal = await startPortal({ upstreamUrl: upstream.url });
});
afterAll(async () => {
  await portal?.close();
  await upstream?.close();
});

const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('timers of a served page', () => {
  it('leaves none of its own timers behind once a document has been sent', async () => {
    const get = async () => {
      const response = await fetch(`${portal.origin}/login`);
      expect(response.status).toBe(200);
      await response.text();
    };
    await get();
    const before = pendingTimers();
    for (let i = 0; i < 40; i++) await get();
    // The response's 'close' runs just after its last byte reaches the client.
    await sleep(50);
    // One per request remains, and it is Remix's: the loader data's stream timer (single-fetch.js), which the
    // Express adapter never clears after a finished response. Ours were two more each.
    expect(pendingTimers() - before).toBeLessThanOrEqual(40);
  });
});
