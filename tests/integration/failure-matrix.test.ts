import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { hasExited, runPortal, stopChild, waitForOk } from '../../scripts/processes';
import { freePort } from '../../lab/services/redis';
import { Client, DEMO_USERS, startReferenceUpstream, type ReferenceUpstream } from './harness';
import { headingOf, stackTraceIn, titleOf } from './page';

/**
 * Issue 47: every loader of the route table, against every failure the upstream can show, in every session state,
 * on the compiled portal in a process of its own. The process never exits and never logs an unhandled rejection,
 * and every answer is the spec's (docs/product.md §8, the newer helper): the page as it is without the fault, the
 * catalogue page of the failure's status, or a redirect to `/` for a 401.
 */

const PRODUCT = 'Образовательный портал';
/** The upstream timeout under the timeout fault, and under every other (a busy machine's answers are slow). */
const TIMEOUT_MS = 1_000;
const GENEROUS_TIMEOUT_MS = 10_000;

/** A fault of the reference upstream's switch (upstream/http/faults.ts), on every /rest call, and what it means. */
const FAULTS = {
  401: { rule: { status: 401 }, page: 'redirect' },
  404: { rule: { status: 404 }, page: 404 },
  500: { rule: { status: 500 }, page: 500 },
  503: { rule: { status: 503 }, page: 503 },
  'dropped connection': { rule: { drop: true }, page: 504 },
  timeout: { rule: { latencyMs: TIMEOUT_MS * 5 }, page: 504 },
  'not JSON': { rule: { malformed: true }, page: 500 },
} as const;
type FaultName = keyof typeof FAULTS;

const STATES = ['anonymous', 'signed in', 'refresh cookie only', 'auth cookie only'] as const;
type State = (typeof STATES)[number];

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every path of the route table, each parameter a plain value (an id, a token, a code). */
function paths(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const own = entry.index ? [parent || '/'] : entry.path === undefined ? [] : [path];
    return [...own, ...paths(entry.children ?? [], path)];
  });
}
const PATHS = [
  ...new Set(
    paths(routes as RouteEntry[]).map((pattern) =>
      pattern === '/*'
        ? '/no-such-page'
        : pattern
            .replace(':token', 'an-invitation-token-0000000000000000')
            .replace(':code', 'AB12-CD34')
            .replace(/:\w+/g, '1'),
    ),
  ),
];

interface Answer {
  status: number;
  location: string | null;
  html: boolean;
  heading: string | null;
  title: string | null;
  body: string;
}

let upstream: ReferenceUpstream;
/** The portal of the fault under test, in a process of its own, and everything it printed. */
let portal: { child: ChildProcess; origin: string; output: string[] } | undefined;

beforeAll(async () => {
  upstream = await startReferenceUpstream();
});

afterAll(async () => {
  if (portal) await stopChild(portal.child, 'SIGKILL');
  await upstream?.close();
});

/**
 * The compiled portal against the reference upstream. Its upstream timeout is short only for the timeout fault,
 * so that a busy machine's slow answers are not taken for the fault elsewhere.
 */
async function startPortal(timeoutMs: number) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = runPortal(
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: 'localhost',
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      SESSION_SECRET: 'integration-test-secret-integration-test-secret',
      REST_API_URL: upstream.url,
      REST_TIMEOUT_MS: String(timeoutMs),
      // The page's budget for its upstream calls, retries included: under the timeout fault, one attempt and a half.
      REST_DEADLINE_MS: String(timeoutMs * 1.5),
      REST_RETRY_BASE_MS: '10',
      REST_RETRY_MAX_MS: '40',
      AUTH_RATE_LIMIT_PER_ADDRESS: '10000',
      AUTH_RATE_LIMIT_PER_LOGIN: '10000',
      LOG_LEVEL: 'error',
    },
    ['ignore', 'pipe', 'pipe'],
  );
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => output.push(String(chunk)));
  await waitForOk(`${origin}/robots.txt`, child, 'the portal');
  return { child, origin, output };
}

/**
 * The cookies of one fresh sign-in of the demo teacher, cut down to what `state` holds. A sign-in that outlasted
 * the timeout fault's short upstream timeout on a busy machine is tried again.
 */
async function cookiesFor(origin: string, state: State): Promise<string> {
  if (state === 'anonymous') return '';
  const client = new Client(origin);
  let signedIn = '';
  for (let attempt = 1; attempt <= 5 && signedIn !== `${origin}/lk`; attempt++) {
    signedIn = (await client.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password)).url;
  }
  expect(signedIn, 'signed in before the fault').toBe(`${origin}/lk`);
  const cookies = (await client.cookieHeader()).split('; ');
  const named = (name: RegExp) => cookies.filter((cookie) => name.test(cookie.split('=')[0]!));
  if (state === 'refresh cookie only') return named(/(^|-)rvptk$/).join('; ');
  if (state === 'auth cookie only') return named(/(^|-)vptk$/).join('; ');
  return cookies.join('; ');
}

/** A sign-in's cookies for each session state, one sign-in after another. */
async function sessions(origin: string): Promise<Record<State, string>> {
  const cookies = {} as Record<State, string>;
  for (const state of STATES) cookies[state] = await cookiesFor(origin, state);
  return cookies;
}

async function answerOf(origin: string, path: string, cookie: string): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    headers: { 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) },
    redirect: 'manual',
  });
  const html = (response.headers.get('Content-Type') ?? '').startsWith('text/html');
  const body = html ? await response.text() : (await response.arrayBuffer(), '');
  return {
    status: response.status,
    location: response.headers.get('Location'),
    html,
    heading: html ? headingOf(body) : null,
    title: html ? titleOf(body) : null,
    body,
  };
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

const samePage = (a: Answer, b: Answer) => a.status === b.status && a.location === b.location;

/**
 * Why `answer` is not the spec's for `fault` on `path`, given the page without the fault for this visitor and for
 * one signed out; null when it is.
 */
function wrongAnswer(
  fault: FaultName,
  path: string,
  answer: Answer,
  baseline: { own: Answer; signedOut: Answer },
): string | null {
  if (answer.html && stackTraceIn(answer.body)) return `a stack trace: ${stackTraceIn(answer.body)}`;
  // A page that made no failing call (or none it needed) is the page itself.
  if (samePage(answer, baseline.own)) return null;
  const page = FAULTS[fault].page;
  // A refresh refused (a 4xx) clears the user (docs/product.md §4.2): what a signed-out visitor sees.
  if ((page === 'redirect' || page === 404) && samePage(answer, baseline.signedOut)) return null;
  // A file, a recording, a calendar or a PDF is no page: a short answer, 502 for an upstream that failed, 504 for
  // one that did not answer (bff/rest/files.server.ts), or the failure's own status.
  if (!answer.html && answer.status >= 400) {
    const fitting = [page === 504 ? 504 : 502, page === 'redirect' ? null : page];
    return fitting.includes(answer.status) ? null : `HTTP ${answer.status} for a resource, not ${fitting.join(' or ')}`;
  }
  if (page === 'redirect') {
    // The newer helper: a 401 goes to `/`.
    if (answer.status === 302 && answer.location === '/') return null;
    // On `/` itself a redirect to `/` would loop: the site failed, and says so.
    if (path === '/' && answer.status === 500 && answer.heading === 'Ошибка 500') return null;
    return `HTTP ${answer.status} ${answer.location ?? answer.heading ?? ''}, not a redirect to /`;
  }
  // No answer from the provider is the server's failure: «Ошибка 504» (ADR 206).
  if (answer.status !== page) return `HTTP ${answer.status} ${answer.location ?? answer.heading ?? ''}, not ${page}`;
  if (answer.title !== `${PRODUCT} | Ошибка ${page}`) return `titled «${answer.title}»`;
  if ([404, 500, 504].includes(page) && answer.heading !== `Ошибка ${page}`) return `headed «${answer.heading}»`;
  return null;
}

describe('every loader, every upstream failure, every session state', () => {
  it('covers the whole route table', () => {
    expect(PATHS.length).toBeGreaterThan(60);
    for (const path of ['/', '/dictation', '/lk/scenarios/1', '/lk/testing/1/attempts/1', '/banners/1/image']) {
      expect(PATHS).toContain(path);
    }
  });

  for (const fault of Object.keys(FAULTS) as FaultName[]) {
    it(`${fault}: the process stays up and every answer is the spec's`, { timeout: 180_000 }, async () => {
      await upstream.clearFaults();
      if (portal) await stopChild(portal.child, 'SIGKILL');
      const slow = fault === 'timeout';
      portal = await startPortal(slow ? TIMEOUT_MS : GENEROUS_TIMEOUT_MS);
      const { origin, output, child } = portal;
      // Under the timeout fault each answer waits for four attempts: more at a time keeps the run short.
      const width = slow ? 32 : 8;
      const cases = STATES.flatMap((state) => PATHS.map((path) => ({ state, path })));
      const baselines = new Map<string, Answer>();
      const before = await sessions(origin);
      await pool(cases, width, async ({ state, path }) => {
        baselines.set(`${state} ${path}`, await answerOf(origin, path, before[state]));
      });

      // Sessions of their own: a refresh made for the baseline would be reused, and the failing one never made.
      const cookies = await sessions(origin);
      await upstream.fault(FAULTS[fault].rule);
      const wrong: string[] = [];
      try {
        await pool(cases, width, async ({ state, path }) => {
          const answer = await answerOf(origin, path, cookies[state]);
          const why = wrongAnswer(fault, path, answer, {
            own: baselines.get(`${state} ${path}`)!,
            signedOut: baselines.get(`anonymous ${path}`)!,
          });
          if (why) wrong.push(`${state} ${path}: ${why}`);
        });
      } finally {
        await upstream.clearFaults();
      }

      const said = output.join('');
      expect(hasExited(child), `the portal exited: ${said.slice(-2000)}`).toBe(false);
      expect(said).not.toMatch(/unhandled|UnhandledPromiseRejection/i);
      expect(wrong.sort()).toEqual([]);
      // And it still serves the page as it was.
      expect((await answerOf(origin, '/', '')).status).toBe(200);
    });
  }
});
