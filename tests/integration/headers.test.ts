import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ServerBuild } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, PUBLIC_DEPLOYMENT, pageText, startPortal, type Client } from './harness';
import { useServers } from './servers';

/** docs/architecture.md §3: the headers every response carries, health and readiness, the build descriptor, static assets. */

let teacher: Client;

const servers = useServers();

beforeAll(async () => {
  teacher = servers.portal.client();
  await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
});

function directives(csp: string | null): Map<string, string[]> {
  expect(csp, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function nonceOf(csp: string | null): string {
  const scriptSrc = directives(csp).get('script-src') ?? [];
  const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

function expectBaseHeaders(response: Response) {
  const h = response.headers;
  expect(h.get('X-Content-Type-Options')).toBe('nosniff');
  expect(h.get('Referrer-Policy')).toBe('same-origin');
  expect(h.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  expect(h.get('X-Powered-By')).toBeNull();
  const csp = directives(h.get('Content-Security-Policy'));
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  // The same rule for browsers that predate frame-ancestors: no framing at all, not even same-origin.
  expect(h.get('X-Frame-Options')).toBe('DENY');
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  const scriptSrc = csp.get('script-src') ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  // The document's one <style> under the same nonce as its scripts, or on a shared public page its
  // hash; no other inline style.
  if (scriptSrc.some((v) => v.startsWith("'sha256-"))) {
    expect(scriptSrc.some((v) => v.startsWith("'nonce-"))).toBe(false);
    expect(csp.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
  } else {
    expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonceOf(h.get('Content-Security-Policy'))}'`]);
  }
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('documents', () => {
  const documents: [string, () => Client][] = [
    ['/', () => teacher],
    ['/login?reason=pass', () => servers.portal.client()],
    ['/password', () => servers.portal.client()],
    ['/week', () => teacher],
    ['/lk/scenarios/5', () => teacher],
    ['/profile', () => teacher],
    ['/nope', () => servers.portal.client()],
    ['/lk/testing/abc', () => teacher],
  ];

  it.each(documents)('%s: security headers, and every <script> carries the response’s nonce', async (page, client) => {
    const response = await client().request(page);
    const html = await response.text();
    expectBaseHeaders(response);
    const nonce = nonceOf(response.headers.get('Content-Security-Policy'));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes ?? '');
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // Nothing executable without the nonce: no inline handlers either.
    expect(html).not.toMatch(/\son[a-z]+="/i);
  });

  it.each(['/', '/dictation', '/week', '/login', '/registration'])(
    'signed-out %s, a page the balancer shares (ADR 227): every inline script and the style by its hash, no nonce',
    async (page) => {
      const response = await servers.portal.client().request(page);
      const html = await response.text();
      expectBaseHeaders(response);
      const csp = directives(response.headers.get('Content-Security-Policy'));
      const scriptSrc = csp.get('script-src')!;
      expect(scriptSrc[0]).toBe("'self'");
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, a]) => !/\ssrc=/.test(a!));
      expect(inline.length).toBeGreaterThanOrEqual(3);
      // Exactly the document's own scripts, nothing more: a script added later has no hash here.
      expect(new Set(scriptSrc.slice(1))).toEqual(new Set(inline.map(([, , text]) => sha256(text!))));
      for (const [, attributes] of inline) expect(attributes).not.toMatch(/nonce="[^"]/);
      const style = /<style\b[^>]*>([\s\S]*?)<\/style>/.exec(html)![1]!;
      expect(csp.get('style-src')).toEqual(["'self'", sha256(style)]);
      expect(html).not.toMatch(/\son[a-z]+="/i);
    },
  );

  it('the nonce is fresh for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await servers.portal.client().request('/password');
      const nonce = nonceOf(response.headers.get('Content-Security-Policy'));
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
  });

  it('redirects, data requests and refusals carry the headers too', async () => {
    const redirect = await servers.portal.client().request('/lk');
    expect(redirect.status).toBe(302);
    expectBaseHeaders(redirect);
    const data = await teacher.request('/lk.data');
    expect(data.status).toBe(200);
    expectBaseHeaders(data);
    const refused = await teacher.request('/logout', { method: 'POST', site: 'cross-site' });
    expect(refused.status).toBe(403);
    expectBaseHeaders(refused);
  });
});

describe("the upstream's files keep their own policy as served (issue 44)", () => {
  /** What bff/rest/files.server.ts gives every file: no script, no plug-in, sandboxed. */
  function expectFilePolicy(response: Response) {
    const csp = directives(response.headers.get('Content-Security-Policy'));
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('sandbox')).toEqual([]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(response.headers.get('Content-Security-Policy')).not.toContain("'nonce-");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  }

  it('an SVG banner opened by itself runs sandboxed, with no script', async () => {
    const home = await (await servers.portal.client().request('/')).text();
    const banners = [...new Set([...home.matchAll(/\/banners\/\d+\/image/g)].map((m) => m[0]))];
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) {
      const response = await servers.portal.client().request(banner);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
      expectFilePolicy(response);
      await response.arrayBuffer();
    }
  });

  it("a scenario's file runs sandboxed, with no script", async () => {
    const response = await teacher.request('/lk/scenarios/4/files/1');
    expect(response.status).toBe(200);
    expectFilePolicy(response);
    await response.arrayBuffer();
  });

  it('a page beside them keeps the page policy', async () => {
    const response = await servers.portal.client().request('/');
    expect(directives(response.headers.get('Content-Security-Policy')).has('sandbox')).toBe(false);
    expectBaseHeaders(response);
    await response.arrayBuffer();
  });
});

describe('documents and data answers go out whole (ADR 226)', () => {
  // A page streamed from an instance that dies or goes silent mid-body reaches the browser cut, and the balancer
  // cannot send it again once it has begun: an instance sends nothing of a page until all of it is ready, so that
  // a page is either whole or not begun (and then sent to another instance).
  it('a page, signed in or not, and a .data answer carry their length and are never sent in chunks', async () => {
    const cookie = await teacher.cookieHeader();
    const raw = (page: string, signedIn: boolean) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = { 'Accept-Encoding': 'identity', ...(signedIn ? { Cookie: cookie } : {}) };
        get(`${servers.portal.origin}${page}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    for (const [page, signedIn] of [
      ['/login', false],
      ['/registration', false],
      ['/lk', true],
      ['/lk/scenarios', true],
      ['/lk.data', true],
      ['/nope', false],
    ] as const) {
      const { headers, body } = await raw(page, signedIn);
      expect(headers['transfer-encoding'], page).toBeUndefined();
      expect(headers['content-length'], page).toBe(String(body.length));
      expect(body.length, page).toBeGreaterThan(0);
    }
  });
});

describe('health and readiness', () => {
  // The probes answer on the operations port only (tests/integration/probes.test.ts): here, the portal's
  // own 404 page, as for any path it does not know.
  it.each(['/healthz', '/readyz', '/livez', '/startupz', '/metrics'])(
    '%s is not served on the public port',
    async (page) => {
      const response = await fetch(`${servers.portal.origin}${page}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expectBaseHeaders(response);
    },
  );
});

describe('/build.json', () => {
  it('names the deployed build, the one the page was rendered from', async () => {
    const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
    const response = await fetch(`${servers.portal.origin}/build.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['buildId']);
    expect(body.buildId).toBe(build.assets.version);
    const rootData = await (await servers.portal.client().request('/_root.data')).text();
    expect(rootData).toContain(`"buildId","${build.assets.version}"`);
  });

  it('follows BUILD_ID when the deployment sets one', async () => {
    const pinned = await startPortal({ upstreamUrl: servers.upstream.url, env: { BUILD_ID: 'release-2024-09-01' } });
    try {
      expect(await (await fetch(`${pinned.origin}/build.json`)).json()).toEqual({ buildId: 'release-2024-09-01' });
    } finally {
      await pinned.close();
    }
  });
});

describe('static files', () => {
  async function assetsOf(page: string) {
    const html = await (await servers.portal.client().request(page)).text();
    return [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map(([, href]) => href!);
  }

  it('built assets under /assets/ are cached for a year, immutable', async () => {
    const assets = await assetsOf('/');
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    // The stylesheet is inlined into the document: only scripts are fetched.
    expect(assets.some((a) => a.endsWith('.css'))).toBe(false);
    for (const asset of assets) {
      const response = await fetch(`${servers.portal.origin}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('Cache-Control'), asset).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Content-Type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
      await response.arrayBuffer();
    }
  });

  it('scripts go out as the build compressed them: brotli or gzip as accepted, never compressed again', async () => {
    // One the build compressed: a script under 1 KB is sent as it is (scripts/precompress.ts).
    const script = (await assetsOf('/')).find(
      (asset) => asset.endsWith('.js') && existsSync(path.resolve('build/client', `.${asset}.br`)),
    )!;
    const file = readFileSync(path.resolve('build/client', `.${script}`));
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`${servers.portal.origin}${script}`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(path.resolve('build/client', `.${script}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(file)).toBe(true);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
    for (const { headers } of [br, gzip, plain]) {
      expect(headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headers.vary).toMatch(/Accept-Encoding/);
    }
  });

  it('a malformed path under /assets/ is the portal’s 404 page, not the file server’s message', async () => {
    const response = await servers.portal.client().request('/assets/%E0%A4%A.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(pageText(await response.text())).toContain('Ошибка 404');
  });

  it('a missing asset is a 404 that no cache keeps', async () => {
    const response = await fetch(`${servers.portal.origin}/assets/entry.client-00000000.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control') ?? '').not.toMatch(/immutable|max-age=[1-9]/);
    await response.arrayBuffer();
  });

  it('other public files are cached briefly, not immutable', async () => {
    const response = await fetch(`${servers.portal.origin}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    await response.arrayBuffer();
  });
});

describe('an https deployment', () => {
  it('adds HSTS and upgrade-insecure-requests', async () => {
    const https = await startPortal({
      upstreamUrl: servers.upstream.url,
      env: { PUBLIC_ORIGIN: 'https://portal.example', ...PUBLIC_DEPLOYMENT },
    });
    try {
      const response = await https.client().request('/');
      expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
      expect(directives(response.headers.get('Content-Security-Policy')).has('upgrade-insecure-requests')).toBe(true);
      await response.arrayBuffer();
    } finally {
      await https.close();
    }
  });

  it('an http://localhost origin gets no HSTS (it would pin localhost for every project)', async () => {
    const response = await servers.portal.client().request('/');
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    await response.arrayBuffer();
  });
});

describe('Server-Timing', () => {
  it('names each upstream call of a signed-in page and its duration, and nothing that identifies the user', async () => {
    const response = await teacher.request('/lk');
    expect(response.status).toBe(200);
    const timing = response.headers.get('Server-Timing');
    expect(timing).toMatch(/(^|, )rest-\d+-profile;dur=\d+\.\d($|, )/);
    const cookies = await teacher.cookieHeader();
    for (const value of cookies.split('; ').map((c) => c.split('=').slice(1).join('='))) {
      expect(timing).not.toContain(value);
    }
    expect(timing).not.toMatch(/token|teacher|@/i);
  });

  it('is absent from a page that makes no upstream call', async () => {
    const response = await servers.portal.client().request('/login');
    expect(response.status).toBe(200);
    expect(response.headers.get('Server-Timing')).toBeNull();
  });
});

describe('documents stay out of shared caches', () => {
  it.each(['/password', '/login?reason=pass', '/login?', '/registration?redirectTo=%2Flk', '/dictation2024'])(
    'signed-out %s: private, no-store (its nonce and honeypot are its own)',
    async (path) => {
      const response = await servers.portal.client().request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      await response.arrayBuffer();
    },
  );

  it.each(['/', '/dictation', '/week'])('signed-in %s: private, no-store, under a nonce', async (path) => {
    const response = await teacher.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    nonceOf(response.headers.get('Content-Security-Policy'));
    await response.arrayBuffer();
  });

  it('a page the balancer may share carries no empty nonce attribute: its scripts go by their hashes (issue 36)', async () => {
    const response = await servers.portal.client().request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).not.toContain("'nonce-");
    const html = await response.text();
    expect(html).toContain('<script');
    expect(html).not.toContain('nonce=""');
  });

  it('a stale session cookie on a listed page: its clearing answer is private', async () => {
    const client = servers.portal.client();
    const response = await client.request('/', { headers: { Cookie: '__Host-rvptk=stale' } });
    expect(response.headers.getSetCookie().join()).toContain('__Host-rvptk=;');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    await response.arrayBuffer();
  });

  it.each(['/', '/dictation', '/week', '/login', '/registration'])(
    'signed-out %s: public for a few seconds (ADR 227), no cookie, no Server-Timing',
    async (path) => {
      const response = await servers.portal.client().request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('public, s-maxage=5');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('Server-Timing')).toBeNull();
      await response.arrayBuffer();
    },
  );
});
