import { delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '#contract';
import { MOCK_UPSTREAM, mockUser, urlOf, workingUpstream } from '../mocks/upstream';
import { Client, startPortal, type Portal } from './harness';
import { headingOf, stackTraceIn } from './page';

/**
 * ADR 207, docs/architecture.md §5: a page has one deadline for its upstream work. Against an upstream that never
 * answers, retries stop when the deadline comes, and the 504 page is there by then — not after four timeouts
 * and the backoff between them.
 */

const TIMEOUT_MS = 600;
const DEADLINE_MS = 1000;
/** What the page would take with retries alone: four attempts and three backoffs (50, 100, 100 ms). */
const WITHOUT_DEADLINE_MS = 4 * TIMEOUT_MS + 250;

const server = setupServer(...workingUpstream);
let portal: Portal;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  portal = await startPortal({
    upstreamUrl: MOCK_UPSTREAM,
    env: {
      REST_TIMEOUT_MS: String(TIMEOUT_MS),
      REST_RETRY_BASE_MS: '50',
      REST_RETRY_MAX_MS: '100',
      REST_DEADLINE_MS: String(DEADLINE_MS),
    },
  });
});

afterAll(async () => {
  await portal?.close();
  server.close();
});

describe('one deadline per page', () => {
  it('a read that never answers → the 504 page at the deadline, with no retry after it', async () => {
    const client = new Client(portal.origin);
    const { url } = await client.login(mockUser.email, 'any-password');
    expect(url).toBe(`${portal.origin}/lk`);
    const arrivals: number[] = [];
    server.use(
      http.get(urlOf('profile'), async () => {
        arrivals.push(performance.now());
        await delay('infinite');
        return undefined;
      }),
    );
    expect(contract.profile.method).toBe('GET');

    const started = performance.now();
    const response = await client.request('/profile');
    const html = await response.text();
    const elapsed = performance.now() - started;

    expect(response.status).toBe(504);
    expect(headingOf(html)).toBe('Ошибка 504');
    expect(stackTraceIn(html)).toBeNull();
    expect(elapsed).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(elapsed).toBeLessThan(WITHOUT_DEADLINE_MS - 600);
    // The first attempt times out at 600 ms; the second is cut at the deadline; no third starts.
    expect(arrivals).toHaveLength(2);
    server.resetHandlers();
  });
});
