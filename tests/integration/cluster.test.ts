import { describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText, readForms } from './harness';
import { PER_LOGIN, redirectOf, through, useCluster } from './cluster';

/**
 * Issue 14: three portal instances behind haproxy share their state through Redis (ADRs 022, 023), so it does
 * not matter which instance a request lands on.
 */

const parts = useCluster();
const viewerName = `${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`;

async function signedIn(user: { email: string; password: string }, origin = parts.cluster.origin) {
  const client = new Client(origin);
  const { url } = await client.login(user.email, user.password);
  expect(url).toBe(`${origin}/lk`);
  return client;
}

describe('three instances behind the balancer', () => {
  it('50 concurrent requests with only the same refresh cookie, spread over the instances, refresh once', async () => {
    const teacher = await signedIn(DEMO_USERS.teacher);
    const refreshOnly = (await teacher.cookieHeader()).split('; ').find((c) => c.startsWith('__Host-rvptk='))!;
    await parts.upstream.resetStats();

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        new Client(parts.cluster.origin).request('/lk', { headers: { Cookie: refreshOnly } }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(pageText(await response.text())).toContain(viewerName);
    }
    expect((await parts.upstream.stats()).refresh).toBe(1);
  });

  it('a sign-in limit spent through one instance holds on the others', async () => {
    const [first, ...others] = parts.cluster.instances;
    const login = 'cluster-limit@example.org';
    for (let i = 0; i < PER_LOGIN; i++) {
      const response = await (await through(first!)).submit('/login', { email: login, password: `wrong-${i}` });
      expect(pageText(await response.text())).not.toContain('Слишком много попыток');
    }
    for (const instance of others) {
      const response = await (await through(instance)).submit('/login', { email: login, password: 'wrong' });
      expect(response.status).toBe(429);
      expect(pageText(await response.text())).toContain('Слишком много попыток. Повторите через 15 минут.');
    }
  });

  it('a session signed out through one instance, its upstream logout failing, is refused by the others', async () => {
    const [first, ...others] = parts.cluster.instances;
    const participant = await signedIn(DEMO_USERS.participant, `http://localhost:${first!.port}`);
    const copies = await Promise.all(others.map((instance) => through(instance, participant)));
    for (const copy of copies) expect((await copy.request('/lk')).status).toBe(200);

    await parts.upstream.fault({ path: '/rest/users/authentication/logout/', status: 503, times: 1 });
    expect((await participant.logout('/lk')).status).toBe(303);

    for (const copy of copies) {
      const page = await copy.request('/lk');
      expect(page.status).toBe(302);
      expect(page.headers.get('Location')).toBe('/login?redirectTo=%2Flk');
      for (const data of ['/lk.data', '/_root.data', '/profile.data']) {
        const response = await copy.request(data);
        const body = await response.clone().text();
        expect(body, data).not.toContain(DEMO_USERS.participant.email);
        expect(await redirectOf(response), data).toMatch(/^\/login/);
      }
    }
  });

  it('a change made through one instance is seen through another on the next read', async () => {
    const [first, second] = parts.cluster.instances;
    const teacher = await signedIn(DEMO_USERS.teacher, `http://localhost:${first!.port}`);
    const elsewhere = await through(second!, teacher);
    // The other instance has read the list (and cached it) before the change.
    expect(pageText(await (await elsewhere.request('/lk/support')).text())).toContain('Название школы исправлено');

    const message = `Через первый экземпляр: обращение номер ${Date.now()}.`;
    const sent = await teacher.submit(
      '/lk/support',
      { topic: 'other', message, replyTo: '' },
      { action: '/lk/support' },
    );
    expect(sent.status).toBe(303);

    const html = await (await elsewhere.request('/lk/support')).text();
    expect(pageText(/<li class="request">([\s\S]*?)<\/li>/.exec(html)![1]!)).toContain(message);
    // And the form there is the page's own, ready for the next request.
    expect(readForms(html).find((form) => 'message' in form.fields)?.fields.message).toBe('');
  });
});
