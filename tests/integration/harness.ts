import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { CookieJar } from 'tough-cookie';
import { loadConfig } from '../../bff/config.server';
import { createLogger } from '../../bff/log.server';
import { createPortalApp } from '../../bff/server/app.server';
import { DEMO_USERS, startUpstream, type RunningUpstream } from '../../upstream/server';

export { DEMO_USERS };

const buildFile = path.resolve('build/server/index.js');

/** The built portal, in this process, over real HTTP on a free port. */
export async function startPortal(options: { upstreamUrl: string; env?: Record<string, string>; fetch?: typeof fetch }) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'integration-test-secret-integration-test-secret',
    PUBLIC_ORIGIN: origin,
    REST_API_URL: options.upstreamUrl,
    REST_TIMEOUT_MS: '1000',
    REST_RETRY_BASE_MS: '10',
    REST_RETRY_MAX_MS: '40',
    AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  const logLines: string[] = [];
  const log = createLogger(
    config,
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const { app } = createPortalApp({ config, log, build, clientDir: path.resolve('build/client'), fetch: options.fetch });
  server.on('request', app);
  return {
    origin,
    config,
    logLines,
    client: () => new Client(origin),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;

/** The reference upstream with its dev tools and fault switch, on a free port and an in-memory database. */
export async function startReferenceUpstream(options: { authTokenTtlSeconds?: number } = {}) {
  const upstream = await startUpstream({ port: 0, db: ':memory:', devTools: true, faults: true, ...options });
  return Object.assign(upstream, {
    async stats(): Promise<Record<string, number>> {
      return (await fetch(`${upstream.url}/__dev__/stats`)).json() as Promise<Record<string, number>>;
    },
    async resetStats() {
      await fetch(`${upstream.url}/__dev__/stats/reset`, { method: 'POST' });
    },
    async fault(rule: Record<string, unknown>) {
      await fetch(`${upstream.url}/__faults__`, { method: 'POST', body: JSON.stringify(rule), headers: { 'Content-Type': 'application/json' } });
    },
    async clearFaults() {
      await fetch(`${upstream.url}/__faults__`, { method: 'DELETE' });
    },
    async outbox(to: string): Promise<{ body: string; subject: string }[]> {
      return (await fetch(`${upstream.url}/__dev__/outbox?to=${encodeURIComponent(to)}`)).json() as Promise<{ body: string; subject: string }[]>;
    },
    async issuePass(email: string, portalOrigin: string): Promise<{ pass: string; link: string }> {
      const response = await fetch(`${upstream.url}/__dev__/passes`, {
        method: 'POST',
        body: JSON.stringify({ email, portalOrigin }),
        headers: { 'Content-Type': 'application/json' },
      });
      return response.json() as Promise<{ pass: string; link: string }>;
    },
  });
}

export type ReferenceUpstream = RunningUpstream & Awaited<ReturnType<typeof startReferenceUpstream>>;

interface RequestOptions {
  method?: string;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** What the browser would say in Sec-Fetch-Site; `null` sends no such header. */
  site?: 'same-origin' | 'same-site' | 'cross-site' | 'none' | null;
}

/** A browser-like HTTP client: a tough-cookie jar, no automatic redirects, Sec-Fetch-Site on every request. */
export class Client {
  readonly jar = new CookieJar();
  constructor(readonly origin: string) {}

  async request(target: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(target, this.origin).href;
    const method = options.method ?? (options.form ? 'POST' : 'GET');
    const headers = new Headers(options.headers);
    const site = options.site === undefined ? 'same-origin' : options.site;
    if (site) headers.set('Sec-Fetch-Site', site);
    const cookie = await this.jar.getCookieString(url);
    if (cookie) headers.set('Cookie', cookie);
    let body: string | undefined;
    if (options.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) await this.jar.setCookie(setCookie, url);
    return response;
  }

  /** Follows redirects like a browser (POST → GET after 301/302/303). */
  async follow(target: string, options: RequestOptions = {}): Promise<{ response: Response; url: string }> {
    let url = new URL(target, this.origin).href;
    let response = await this.request(url, options);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++) {
      url = new URL(response.headers.get('Location')!, url).href;
      if (!url.startsWith(this.origin)) break;
      response = await this.request(url);
    }
    return { response, url };
  }

  async cookieNames(): Promise<string[]> {
    return (await this.jar.getCookies(this.origin)).map((c) => c.key);
  }

  /** Signs in through the login form, as a person would. */
  async login(email: string, password: string, redirectTo?: string) {
    return this.follow('/login', { form: { email, password, ...(redirectTo ? { redirectTo } : {}) } });
  }
}
