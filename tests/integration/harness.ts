import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { CookieJar } from 'tough-cookie';
import { loadConfig } from '../../bff/config.server';
import type { CallName } from '#contract';
import { createLogger } from '../../bff/log.server';
import { createPortalApp } from '../../bff/server/app.server';
import { DEMO_USERS, startUpstream, type RunningUpstream } from '../../upstream/server';

export { DEMO_USERS };

const buildFile = path.resolve('build/server/index.js');

/** Real-looking values for a production start on a public origin, which refuses the placeholders. */
export const PUBLIC_DEPLOYMENT = {
  CONTACT_EMAIL: 'help@portal.example',
  CONTACT_PHONE: '8 800 555-35-35',
  CONTACT_VK_URL: 'https://vk.com/portal',
  CONTACT_TELEGRAM_URL: 'https://t.me/portal',
  SITE_URL: 'https://portal.example/about',
  FIRST_AUTH_URL: 'https://id.provider.example/first-auth/',
  OPERATOR_NAME: 'АНО «Просвещение»',
  OPERATOR_INN: '7701234567',
  OPERATOR_OGRN: '1027700000000',
  OPERATOR_ADDRESS: '101000, г. Москва, ул. Мясницкая, д. 1',
  OPERATOR_EMAIL: 'pd@portal.example',
};

export interface PortalOptions {
  upstreamUrl: string;
  /** Over the harness's settings; `undefined` drops one, leaving the portal's default. */
  env?: Record<string, string | undefined>;
  fetch?: typeof fetch;
  /** A server already listening (from `listeningServer`), when its origin had to be known before; else a new one. */
  server?: Server;
}

/** A server listening on a free loopback port, for a portal whose origin another server must know first. */
export async function listeningServer(): Promise<Server> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The built portal, in this process, over real HTTP on a free port. */
export async function startPortal(options: PortalOptions) {
  const server = options.server ?? (await listeningServer());
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'integration-test-secret-integration-test-secret',
    PUBLIC_ORIGIN: origin,
    REST_API_URL: options.upstreamUrl,
    // Generous: the reference upstream hashes passwords with scrypt, and CI machines are busy. Timeout tests set their own.
    REST_TIMEOUT_MS: '5000',
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
  const { app, shared } = createPortalApp({
    config,
    log,
    build,
    clientDir: path.resolve('build/client'),
    fetch: options.fetch,
  });
  server.on('request', app);
  if (config.redis) await shared.ready(10_000);
  return {
    origin,
    config,
    logLines,
    // A public origin other than the test's own address is one a balancer in front would serve.
    client: () =>
      new Client(
        origin,
        new URL(config.publicOrigin).host === new URL(origin).host ? undefined : new URL(config.publicOrigin).host,
      ),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await shared.close();
    },
  };
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;

const CONFIRMATION_SUBJECT = 'Подтвердите адрес электронной почты';

/** The token of the newest confirmation link in these letters. */
export function confirmationToken(letters: { body: string; subject: string }[]): string {
  const letter = letters.find((message) => message.subject === CONFIRMATION_SUBJECT);
  const token = letter?.body.match(/\/confirm-email\/([\w-]+)/)?.[1];
  if (!token) throw new Error('no confirmation link in the outbox');
  return token;
}

/** The reference upstream with its dev tools and fault switch, on a free port and an in-memory database. */
/** `now` moves the upstream's clock (tokens expire by it); the system clock by default. */
export async function startReferenceUpstream(
  options: { authTokenTtlSeconds?: number; now?: () => number; random?: () => number; portalOrigin?: string } = {},
) {
  const upstream = await startUpstream({ port: 0, db: ':memory:', devTools: true, faults: true, ...options });
  return Object.assign(upstream, {
    /** Requests received per contract call (every call is listed, 0 when never called). */
    async stats(): Promise<CallStats> {
      return (await fetch(`${upstream.url}/__dev__/stats`)).json() as Promise<CallStats>;
    },
    async resetStats() {
      await fetch(`${upstream.url}/__dev__/stats/reset`, { method: 'POST' });
    },
    async fault(rule: Record<string, unknown>) {
      await fetch(`${upstream.url}/__faults__`, {
        method: 'POST',
        body: JSON.stringify(rule),
        headers: { 'Content-Type': 'application/json' },
      });
    },
    async clearFaults() {
      await fetch(`${upstream.url}/__faults__`, { method: 'DELETE' });
    },
    /**
     * Registers an account straight at the upstream (Ольга Кузнецова), for a user with no history yet, and
     * confirms its address the way its owner would: by the token of the link mailed to it. `confirm:
     * false` leaves it unconfirmed.
     */
    async register(user: { email: string; password: string }, { confirm = true }: { confirm?: boolean } = {}) {
      const response = await fetch(`${upstream.url}/rest/v2/users/authentication/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Version': '1' },
        body: JSON.stringify({
          ...user,
          firstName: 'Ольга',
          lastName: 'Кузнецова',
          phone: '79001234567',
          portalOrigin: options.portalOrigin ?? 'http://localhost:3000',
        }),
      });
      if (response.status !== 200) throw new Error(`register ${user.email}: HTTP ${response.status}`);
      if (!confirm) return;
      const token = confirmationToken(await this.outbox(user.email));
      const confirmed = await fetch(`${upstream.url}/rest/v2/users/authentication/confirm/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Version': '1' },
        body: JSON.stringify({ token }),
      });
      if (confirmed.status !== 200) throw new Error(`confirm ${user.email}: HTTP ${confirmed.status}`);
    },
    async outbox(to: string): Promise<{ body: string; subject: string }[]> {
      return (await fetch(`${upstream.url}/__dev__/outbox?to=${encodeURIComponent(to)}`)).json() as Promise<
        { body: string; subject: string }[]
      >;
    },
    /** The letters to an address besides the confirmation of its registration, newest first. */
    async mailBesidesConfirmation(to: string): Promise<{ body: string; subject: string }[]> {
      return (await this.outbox(to)).filter((letter) => letter.subject !== CONFIRMATION_SUBJECT);
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

/** Every contract call by name, and open to any string key for code that iterates over them. */
export type CallStats = Record<CallName, number> & Record<string, number>;

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
  /**
   * `forwardedHost`: the public host a balancer in front names in X-Forwarded-Host, for a client that reaches the
   * portal at another address than its public origin (an instance directly; a test origin standing for a public
   * one). Without it such a client's pages are sent to the public origin.
   */
  constructor(
    readonly origin: string,
    readonly forwardedHost?: string,
  ) {}

  async request(target: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(target, this.origin).href;
    const method = options.method ?? (options.form ? 'POST' : 'GET');
    const headers = new Headers(options.headers);
    if (this.forwardedHost && !headers.has('X-Forwarded-Host')) headers.set('X-Forwarded-Host', this.forwardedHost);
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

  /** Follows redirects like a browser (POST → GET after 301/302/303); `hops` lists every redirect taken. */
  async follow(
    target: string,
    options: RequestOptions = {},
  ): Promise<{ response: Response; url: string; hops: { status: number; location: string }[] }> {
    let url = new URL(target, this.origin).href;
    let response = await this.request(url, options);
    const hops: { status: number; location: string }[] = [];
    while (response.status >= 300 && response.status < 400 && hops.length < 10) {
      const location = response.headers.get('Location')!;
      hops.push({ status: response.status, location });
      url = new URL(location, url).href;
      if (!url.startsWith(this.origin)) break;
      await response.arrayBuffer(); // drained, not cancelled: cancel() never settles under MSW's fetch interceptor
      response = await this.request(url);
    }
    return { response, url, hops };
  }

  /**
   * The session cookies held; the device cookie, which outlives sessions, and the browser's own id for
   * the sign-in limits, which holds no session, only with `all`.
   */
  async cookieNames(options: { all?: boolean } = {}): Promise<string[]> {
    const names = (await this.jar.getCookies(this.origin)).map((c) => c.key);
    return options.all ? names : names.filter((name) => !name.endsWith('rvptkd') && !name.endsWith('rvptkb'));
  }

  /** The jar's cookies as a Cookie header, e.g. to replay them later from another client. */
  async cookieHeader(): Promise<string> {
    return this.jar.getCookieString(this.origin);
  }

  /**
   * Opens `page`, reads its post form (the first one, or the one whose action starts with `action`) with every
   * field the server rendered (honeypot, hidden inputs), fills in `fields` and submits it. No redirect is
   * followed: the caller sees the action's own answer.
   */
  async submit(
    page: string,
    fields: Record<string, string>,
    options: { action?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await this.request(page, { headers: options.headers });
    const html = await response.text();
    const form = readForms(html).find(
      (f) => f.method === 'post' && (!options.action || f.action?.startsWith(options.action)),
    );
    if (!form) throw new Error(`no post form on ${page} (HTTP ${response.status})`);
    return this.request(form.action ?? page, { form: { ...form.fields, ...fields }, headers: options.headers });
  }

  /** Signs in through the login form, as a person would, and follows where the portal sends them. */
  async login(email: string, password: string, redirectTo?: string) {
    const page = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login';
    const response = await this.submit(page, { email, password });
    const location = response.headers.get('Location');
    if (!location) return { response, url: new URL(page, this.origin).href, hops: [] };
    await response.arrayBuffer();
    const next = await this.follow(location);
    return { ...next, hops: [{ status: response.status, location }, ...next.hops] };
  }

  /** Signs out through the logout form of `page` (a signed-in screen), as a person would. */
  async logout(page = '/lk') {
    return this.submit(page, {}, { action: '/logout' });
  }
}

export interface ParsedForm {
  action: string | null;
  method: string;
  fields: Record<string, string>;
}

/** The forms of a server-rendered page with the values of their inputs (enough for the portal's own markup). */
export function readForms(html: string): ParsedForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes = '', inner = '']) => {
    const fields: Record<string, string> = {};
    for (const [, input = ''] of inner.matchAll(/<input\b([^>]*)>/g)) {
      const name = attribute(input, 'name');
      const type = attribute(input, 'type');
      if (name === null || type === 'submit') continue;
      if ((type === 'checkbox' || type === 'radio') && !/\schecked\b/.test(input)) continue;
      fields[name] = attribute(input, 'value') ?? '';
    }
    for (const [, textarea = '', value = ''] of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const name = attribute(textarea, 'name');
      if (name !== null) fields[name] = decodeHtml(value);
    }
    return {
      action: attribute(attributes, 'action'),
      method: (attribute(attributes, 'method') ?? 'get').toLowerCase(),
      fields,
    };
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decodeHtml(match[1]!) : null;
}

/** What a reader sees of a page's words: scripts and tags gone, escapes undone, spaces (non-breaking too) collapsed. */
export function pageText(html: string): string {
  return decodeHtml(
    html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      // React's marker between adjacent text nodes: the words on either side are one text.
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
}

/** Undoes React's attribute and text escaping. */
export function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}
