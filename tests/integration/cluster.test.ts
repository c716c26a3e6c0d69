import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText, readForms } from './harness';
import { PER_LOGIN, through, useCluster } from './cluster';

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
      const text = pageText(await response.text());
      expect(response.status, text.slice(0, 200)).toBe(200);
      expect(text).toContain(viewerName);
    }
    expect((await parts.upstream.stats()).refresh).toBe(1);
  });

  it('the balancer keeps the build’s scripts, per encoding, and never a page', async () => {
    const html = await (await new Client(parts.cluster.origin).request('/login')).text();
    const script = /(?:href|src)="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    for (const encoding of ['br', 'gzip']) {
      const fetchScript = () => fetch(`${parts.cluster.origin}${script}`, { headers: { 'Accept-Encoding': encoding } });
      const first = await fetchScript();
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(first.headers.get('Content-Encoding')).toBe(encoding);
      // Round robin over three instances: every one of these would reach each instance twice.
      for (let i = 0; i < 6; i++) {
        const again = await fetchScript();
        expect(again.headers.get('Age'), `${encoding} #${i}`).not.toBeNull();
        expect(again.headers.get('Content-Encoding')).toBe(encoding);
        expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
      }
    }
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const page = await new Client(parts.cluster.origin).request('/login');
      expect(page.headers.get('Age')).toBeNull();
      nonces.add(/'nonce-([^']+)'/.exec(page.headers.get('Content-Security-Policy') ?? '')![1]!);
      await page.arrayBuffer();
    }
    expect(nonces.size).toBe(3);
  });

  it('keeps no answer whose path only looks like a script: `..` and its escapes are never stored (issue 25, 7)', async () => {
    const { hostname, port } = new URL(parts.cluster.origin);
    // What `curl --path-as-is` sends: fetch() would resolve the dot segments before sending.
    const rawGet = (path: string) =>
      new Promise<{ status: number; age: string | undefined }>((resolve, reject) => {
        const request = http.get({ hostname, port, path }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, age: response.headers.age }));
        });
        request.on('error', reject);
      });
    const paths = [
      '/assets/../banners/1/image',
      '/assets/%2e%2e/banners/1/image',
      '/assets/.%2E/banners/1/image',
      '/assets/./../banners/1/image',
      '/assets/..%2fbanners%2f1%2fimage',
      '/assets/..\\banners/1/image',
    ];
    // The portal answers the first with the banner's picture, 200: exactly what the balancer must not keep.
    expect((await rawGet(paths[0]!)).status).toBe(200);
    for (const path of paths) {
      for (let i = 0; i < 4; i++) expect((await rawGet(path)).age, `${path} #${i}`).toBeUndefined();
    }
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

  it('the balancer replaces the client’s X-Forwarded-For: a made-up address escapes no limit', async () => {
    const login = 'cluster-forwarded@example.org';
    const attempt = (i: number) =>
      new Client(parts.cluster.origin).submit(
        '/login',
        { email: login, password: `wrong-${i}` },
        { headers: { 'X-Forwarded-For': `203.0.113.${i}`, Forwarded: `for=203.0.113.${i}` } },
      );
    for (let i = 0; i < PER_LOGIN; i++) expect((await attempt(i)).status).toBe(400);
    const refused = await attempt(PER_LOGIN);
    expect(refused.status).toBe(429);
    expect(pageText(await refused.text())).toContain('Слишком много попыток');
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
      for (const data of ['/lk.data', '/profile.data']) {
        const response = await copy.request(data);
        expect(response.headers.get('Location'), data).toBe(
          `/login?redirectTo=${encodeURIComponent(data.replace('.data', ''))}`,
        );
        expect(await response.text(), data).not.toContain(DEMO_USERS.participant.email);
      }
      // The layout's data is a guest's.
      const root = await copy.request('/_root.data');
      expect(root.status).toBe(200);
      expect(await root.text()).not.toContain(DEMO_USERS.participant.email);
    }
  });

  it('a change made through one instance is seen through another on the next read', async () => {
    const [first, second] = parts.cluster.instances;
    const teacher = await signedIn(DEMO_USERS.teacher, `http://localhost:${first!.port}`);
    const elsewhere = await through(second!, teacher);
    const link = `https://school1.example.ru/news/urok-${Date.now()}`;
    // The other instance has read the user's links (a per-user cached read) before the change.
    expect(await (await elsewhere.request('/lk/week')).text()).not.toContain(link);

    const page = await (await teacher.request('/lk/week')).text();
    const form = readForms(page).find((f) => f.fields.intent === 'day-link')!;
    const saved = await teacher.request(form.action ?? '/lk/week', { form: { ...form.fields, link } });
    expect(saved.status).toBe(303);

    expect(await (await elsewhere.request('/lk/week')).text()).toContain(`value="${link}"`);
  });
});
