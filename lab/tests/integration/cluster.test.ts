import { setTimeout as sleep } from 'node:timers/promises';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, DEMO_USERS, pageText, readForms } from '../../../tests/integration/harness';
import type { Instance } from '../../services/cluster';
import { PER_LOGIN, through, useCluster } from './cluster';

/**
 * Issue 14: three portal instances behind haproxy share their state through Redis (ADRs 228 and 230), so it does
 * not matter which instance a request lands on.
 */

const parts = useCluster();
/** A GET with no Accept-Encoding header at all (fetch always sends one); the body read as text. */
function withoutAcceptEncoding(path: string): Promise<{ status: number; encoding?: string; body: string }> {
  const { hostname, port } = new URL(parts.cluster.origin);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], body }),
        );
      })
      .on('error', reject);
  });
}

const viewerName = `${DEMO_USERS.teacher.firstName} ${DEMO_USERS.teacher.lastName}`;

/** Signed in through the balancer, or through one instance directly. */
async function signedIn(user: { email: string; password: string }, instance?: Instance) {
  const client = instance ? await through(instance, parts.cluster.origin) : new Client(parts.cluster.origin);
  const { url } = await client.login(user.email, user.password);
  expect(url).toBe(`${client.origin}/lk`);
  return client;
}

/** A script the page names that the build compressed (one under 1 KB is sent as it is, scripts/precompress.ts). */
async function compressedScriptOf(page: string): Promise<string> {
  const html = await (await new Client(parts.cluster.origin).request(page)).text();
  const scripts = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map(([, src]) => src!);
  return scripts.find((src) => existsSync(path.resolve('build/client', `.${src}.br`)))!;
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

  it('the balancer keeps the build’s scripts, per encoding, and no page but the listed public ones', async () => {
    const script = await compressedScriptOf('/login');
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
    // `/password` is no listed page: each visitor's copy is made for them, under a nonce of its own.
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const page = await new Client(parts.cluster.origin).request('/password');
      expect(page.headers.get('Cache-Control')).toBe('private, no-store');
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
      const response = await (
        await through(first!, parts.cluster.origin)
      ).submit('/login', { email: login, password: `wrong-${i}` });
      expect(pageText(await response.text())).not.toContain('Слишком много попыток');
    }
    for (const instance of others) {
      const response = await (
        await through(instance, parts.cluster.origin)
      ).submit('/login', { email: login, password: 'wrong' });
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
    const participant = await signedIn(DEMO_USERS.participant, first!);
    const copies = await Promise.all(others.map((instance) => through(instance, parts.cluster.origin, participant)));
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
    const teacher = await signedIn(DEMO_USERS.teacher, first!);
    const elsewhere = await through(second!, parts.cluster.origin, teacher);
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

/** Renders of a route so far, over every instance: its requests in the HTTP histogram. */
async function renders(instances: Instance[], route: string): Promise<number> {
  let total = 0;
  for (const instance of instances) {
    const text = await (await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`)).text();
    for (const [, labels, value] of text.matchAll(/^portal_http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
      if (labels!.includes(`route="${route}"`)) total += Number(value);
    }
  }
  return total;
}

describe('the crowd at the start: public pages from the balancer (issue 27, ADR 227)', () => {
  const shared = 'public, s-maxage=5';

  it('a shared page never holds a session’s content or a cookie; a signed-in visitor always gets a fresh, private page', async () => {
    const teacher = await signedIn(DEMO_USERS.teacher);
    const teacherCookies = (await teacher.cookieHeader()).split('; ').map((c) => c.split('=').slice(1).join('='));
    let kept = 0;
    for (let round = 0; round < 4; round++) {
      for (const path of ['/', '/dictation', '/week', '/login', '/registration']) {
        // Signed-in and anonymous requests interleaved, at once and one after the other.
        const [mine, anonymous, after] = await Promise.all([
          teacher.request(path),
          new Client(parts.cluster.origin).request(path),
          new Client(parts.cluster.origin).request(path),
        ]);
        for (const response of [anonymous, after]) {
          const html = await response.text();
          expect(response.status, path).toBe(200);
          expect(response.headers.get('Cache-Control'), path).toBe(shared);
          expect(response.headers.getSetCookie(), path).toEqual([]);
          expect(response.headers.get('Server-Timing'), path).toBeNull();
          expect(pageText(html), path).not.toContain(viewerName);
          expect(html, path).not.toContain(DEMO_USERS.teacher.email);
          for (const value of teacherCookies) expect(html).not.toContain(value);
          if (response.headers.get('Age') !== null) kept++;
        }
        expect(mine.headers.get('Age'), path).toBeNull();
        expect(mine.headers.get('Cache-Control'), path).toBe('private, no-store');
        if (path === '/login' || path === '/registration') {
          expect(mine.status, path).toBe(302);
          expect(mine.headers.get('Location')).toBe('/lk');
        } else {
          expect(mine.status, path).toBe(200);
          // The signed-in layout's data names its viewer.
          expect(await mine.text(), path).toContain(DEMO_USERS.teacher.email);
        }
        await mine.arrayBuffer().catch(() => {});
      }
    }
    // The point of it: most anonymous answers came from the balancer.
    expect(kept).toBeGreaterThan(20);
  });

  it('a query string, any session cookie or another page is never served from nor stored in the shared copy', async () => {
    const page = (path: string, headers?: Record<string, string>) =>
      new Client(parts.cluster.origin).request(path, { headers });
    // The shared copy of /login exists.
    await (await page('/login')).arrayBuffer();
    const requests: [string, Record<string, string>?][] = [
      ['/login?reason=pass'],
      ['/login?'],
      ['/login?redirectTo=%2Flk%2Fweek'],
      ['/login', { Cookie: '__Host-vptk=whatever' }],
      ['/login', { Cookie: 'theme=dark; __Host-rvptk=whatever' }],
      ['/password'],
      ['/dictation2024'],
    ];
    for (const [path, headers] of requests) {
      for (let i = 0; i < 2; i++) {
        const response = await page(path, headers);
        const what = `${path} ${JSON.stringify(headers ?? {})} #${i}`;
        expect(response.headers.get('Age'), what).toBeNull();
        expect(response.headers.get('Cache-Control'), what).toBe('private, no-store');
        expect(response.headers.get('Content-Security-Policy'), what).toMatch(/'nonce-/);
        await response.arrayBuffer();
      }
    }
    // A forced reload gets the copy too: it cannot make the instances render per request.
    const reload = await page('/login', { 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
    expect(reload.headers.get('Age')).not.toBeNull();
    await reload.arrayBuffer();
    // A session cookie that no longer reads is cleared: that answer carries a Set-Cookie and is nobody else's.
    const stale = await page('/', { Cookie: '__Host-vptk=stale' });
    expect(stale.headers.getSetCookie().join()).toContain('__Host-vptk=;');
    await stale.arrayBuffer();
    for (let i = 0; i < 3; i++) {
      const next = await page('/');
      expect(next.headers.getSetCookie()).toEqual([]);
      expect(next.headers.get('Cache-Control')).toBe(shared);
      await next.arrayBuffer();
    }
  });

  it('the honeypot of a kept /login form still lets a person in and still catches a bot', async () => {
    const first = await new Client(parts.cluster.origin).request('/login');
    await first.arrayBuffer();
    const person = new Client(parts.cluster.origin);
    const kept = await person.request('/login');
    expect(kept.headers.get('Age')).not.toBeNull();
    const form = readForms(await kept.text()).find((f) => f.method === 'post')!;
    expect(Object.keys(form.fields)).toEqual(expect.arrayContaining(['name__confirm', 'from__confirm', 'redirectTo']));
    const signIn = await person.request('/login', {
      form: { ...form.fields, email: DEMO_USERS.participant.email, password: DEMO_USERS.participant.password },
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('Location')).toBe('/lk');
    const bot = await new Client(parts.cluster.origin).request('/login', {
      form: { ...form.fields, email: DEMO_USERS.participant.email, password: 'x', name__confirm: 'bot' },
    });
    expect(bot.status).toBe(400);
  });

  it('a crowd opening / and /dictation at once costs one render per page per cache period', async () => {
    // A cache period with nothing kept: the first wave all misses together.
    await sleep(6000);
    const before = {
      home: await renders(parts.cluster.instances, 'routes/default/home'),
      dictation: await renders(parts.cluster.instances, 'routes/default/dictation'),
    };
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${parts.cluster.origin}${i % 2 ? '/dictation' : '/'}`, { headers: { 'Accept-Encoding': 'br' } }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe(shared);
      await response.arrayBuffer();
    }
    expect(await renders(parts.cluster.instances, 'routes/default/home')).toBe(before.home + 1);
    expect(await renders(parts.cluster.instances, 'routes/default/dictation')).toBe(before.dictation + 1);
  });

  it('a request naming no encoding is never given a compressed copy the balancer keeps (issue 36)', async () => {
    const script = await compressedScriptOf('/login');
    for (const path of ['/', script]) {
      // A brotli copy is kept first (fetch asks for it, and it is stored on its way out).
      for (let i = 0; i < 2; i++) {
        const primed = await fetch(`${parts.cluster.origin}${path}`, { headers: { 'Accept-Encoding': 'br' } });
        expect(primed.headers.get('Content-Encoding'), path).toBe('br');
        await primed.arrayBuffer();
      }
      // node:http sends no Accept-Encoding at all, as a simple client or a script does.
      const plain = await withoutAcceptEncoding(path);
      expect(plain.status, path).toBe(200);
      expect(plain.encoding, path).toBeUndefined();
      // The page itself, or the very file of the build, as plain text.
      if (path === '/') expect(plain.body, path).toMatch(/^<!DOCTYPE html>/i);
      else expect(plain.body).toBe(readFileSync(`build/client${path}`, 'utf8'));
    }
  });
});
