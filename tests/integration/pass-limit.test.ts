import { describe, expect, it } from 'vitest';
import { pageText } from './harness';
import { useServers } from './servers';

/**
 * Issue 44, point 7: «Войти» of a one-time pass link is limited like the other sign-in forms — per address, on the
 * login's budget (`AUTH_RATE_LIMIT_PER_ADDRESS`, 30 by default): 40 made-up passes from one address meet the limit,
 * and past it the upstream is not asked.
 */
const servers = useServers({ portal: { env: { AUTH_RATE_LIMIT_PER_ADDRESS: undefined } } });

describe('/login/pass', () => {
  it('refuses made-up passes past the address’s budget with 429, Retry-After and the form’s message', async () => {
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 40; i += 1) {
      const client = servers.portal.client();
      const opened = await client.request(`/?pass=made-up-pass-${i}-${'x'.repeat(32)}`);
      expect(opened.headers.get('Location')).toBe('/login/pass');
      await opened.arrayBuffer();
      const response = await client.submit('/login/pass', {});
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
      else await response.arrayBuffer();
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(303));
    // Stopped within 31 attempts, as a spray of passwords is (tests/integration/school.test.ts).
    expect(statuses.slice(31)).toEqual(Array(9).fill(429));
    expect(Number(limited!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(pageText(await limited!.text())).toContain('Слишком много попыток');
    expect((await servers.upstream.stats()).pass).toBe(statuses.filter((status) => status === 303).length);
  });
});
