import { contract, VERSION_HEADER } from '#contract';
import {
  decodeHtml,
  DEMO_USERS,
  startPortal,
  startReferenceUpstream,
  type Portal,
  type ReferenceUpstream,
} from '../../tests/integration/harness';

/**
 * The system under test: the built portal and the reference upstream, in this process, on free loopback ports
 * (the integration harness). Everything shares this process's event loop and the machine's 2 cores with the
 * load generator, so absolute figures are lower than on a real deployment; the budgets are ratios or bounds
 * that hold regardless.
 */
export interface System {
  portal: Portal;
  upstream: ReferenceUpstream;
  /** Cookie header of a signed-in teacher, replayed as is by the load loops (no cookie jar per request). */
  cookie: string;
  viewerName: string;
  close(): Promise<void>;
}

export async function startSystem(): Promise<System> {
  const upstream = await startReferenceUpstream();
  // `warn`, not the harness's `debug`: the harness keeps every log line in an array, which would grow the heap
  // by thousands of lines and turn the memory budget into a measurement of the bench itself.
  const portal = await startPortal({ upstreamUrl: upstream.url, env: { LOG_LEVEL: 'warn' } });
  const { email, password, firstName, lastName } = DEMO_USERS.teacher;
  const cookie = await signIn(portal, email, password);
  return {
    portal,
    upstream,
    cookie,
    viewerName: `${firstName} ${lastName}`,
    async close() {
      await portal.close();
      await upstream.close();
    },
  };
}

/**
 * Signs in through the login form as a browser would: the form's own fields (the honeypot's included, which
 * the server insists on) plus the credentials. Returns the session cookies.
 */
async function signIn(portal: Portal, email: string, password: string): Promise<string> {
  const client = portal.client();
  const page = await client.request('/login');
  const html = await page.text();
  const form = /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const [, input = ''] of form.matchAll(/<input\b([^>]*)>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = decodeHtml(/\svalue="([^"]*)"/.exec(input)?.[1] ?? '');
  }
  const response = await client.request('/login', { form: { ...fields, email, password } });
  await response.body?.cancel();
  const cookie = await client.jar.getCookieString(portal.origin);
  if (response.status !== 303 || !cookie) throw new Error(`sign-in failed: HTTP ${response.status}`);
  return cookie;
}

/** Upstream calls made while `run` ran, per contract call (only the calls that happened). */
export async function countUpstreamCalls<T>(upstream: ReferenceUpstream, run: () => Promise<T>) {
  const before = await upstream.stats();
  const result = await run();
  const after = await upstream.stats();
  const calls: Record<string, number> = {};
  for (const [name, count] of Object.entries(after)) {
    const diff = count - (before[name] ?? 0);
    if (diff > 0) calls[name] = diff;
  }
  return { result, calls, total: Object.values(calls).reduce((a, b) => a + b, 0) };
}

/**
 * The upstream call a cabinet page makes (the profile), addressed to the reference upstream directly with a
 * token of its own: to measure what serving that call costs this process, a cost that a real deployment pays
 * on the provider's machines, not the portal's.
 */
export async function directProfileCall(sys: System) {
  const headers = { [VERSION_HEADER]: sys.portal.config.rest.version, Accept: 'application/json' };
  const { email, password } = DEMO_USERS.teacher;
  const response = await fetch(new URL(contract.login.path, sys.upstream.url), {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: email, password }),
  });
  const body = (await response.json()) as { result?: { token?: { authToken?: string } } };
  const token = body.result?.token?.authToken;
  if (!token) throw new Error(`upstream login failed: HTTP ${response.status}`);
  const url = new URL(contract.profile.path, sys.upstream.url);
  url.searchParams.set('token', token);
  return { url: url.href, headers };
}
