import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { DEMO_USERS, type Client } from './harness';
import { useServers } from './servers';

/**
 * Every route `app/routes.ts` declares, with every shape an id can take, every method, content type and odd body,
 * for a guest and for a signed-in teacher: nothing answers 5xx and nothing logs an error (ADR 209). The id shapes
 * that are no id (`0`, leading zeros, beyond 2³¹−1, signs, exponents, other digits) must stop at the id reader.
 */

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

/** Every path pattern of the route table: layouts add no segment. */
function patterns(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const own = entry.path === undefined ? [] : [path];
    return [...own, ...patterns(entry.children ?? [], path)];
  });
}

const ID_SHAPES = [
  '0',
  '00',
  '007',
  '1',
  '2147483647',
  '2147483648',
  '9'.repeat(300),
  '-1',
  '1e3',
  '%201',
  encodeURIComponent('٣'),
  '%00',
  'x'.repeat(3000),
  '..%2F..%2Fetc%2Fpasswd',
];

/** Each pattern with each parameter in turn set to every shape, the others to a plain id. */
function expand(pattern: string): string[] {
  if (pattern === '/*') return ['/no-such-page', `/${'y'.repeat(3000)}`, '/%00', '/..%2F..%2Fetc%2Fpasswd'];
  const params = pattern.match(/:\w+/g) ?? [];
  if (params.length === 0) return [pattern];
  return params.flatMap((param) =>
    ID_SHAPES.map((shape) =>
      params.reduce((path, other) => path.replace(other, other === param ? shape : '1'), pattern),
    ),
  );
}

const FORM = 'application/x-www-form-urlencoded';
const CONTENT_TYPES: (string | undefined)[] = [
  FORM,
  'multipart/form-data; boundary=fuzz',
  'application/json',
  'text/plain',
  undefined,
  `${FORM}; charset=koi8-r`,
];
const BODIES: (string | Uint8Array<ArrayBuffer>)[] = [
  '',
  // Large, yet under the 64 KB body limit: it reaches the route.
  `a=${'я'.repeat(30_000)}`,
  new Uint8Array([0x61, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0x26, 0x62, 0x3d, 0x80]),
  'a=\u0000&b=1\u0000&popup=\u0000',
];
const BODY_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH'];

const servers = useServers();
let teacher: Client;

beforeAll(async () => {
  teacher = servers.portal.client();
  const { url } = await teacher.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
  expect(url).toBe(`${servers.portal.origin}/lk`);
});

interface Probe {
  path: string;
  method: string;
  type?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  signedIn: boolean;
}

/**
 * Every path gets a GET and one more method, in turn, from each client. Paths without parameters (where most
 * forms are) also get a POST with every content type, the bodies in turn: each content type meets each body
 * across the run, and it stays about a minute on a busy machine.
 */
function probes(): Probe[] {
  const declared = new Set(patterns(routes as RouteEntry[]).filter((path) => !/[:*]/.test(path)));
  const paths = [...new Set(patterns(routes as RouteEntry[]).flatMap(expand))];
  const list: Probe[] = [];
  let turn = 0;
  const bodyOf = () => BODIES[turn++ % BODIES.length];
  paths.forEach((path, p) => {
    for (const signedIn of [false, true]) {
      // Signing the teacher out would turn the rest of the run into a guest's.
      const methods = signedIn && path === '/logout' ? ['HEAD'] : ['HEAD', ...BODY_METHODS];
      const method = methods[(p + (signedIn ? 1 : 0)) % methods.length]!;
      const type = CONTENT_TYPES[(p + turn) % CONTENT_TYPES.length];
      list.push({ path, method: 'GET', signedIn }, { path, method, signedIn, type, body: bodyOf() });
      if (!declared.has(path) || (signedIn && path === '/logout')) continue;
      for (const every of CONTENT_TYPES) list.push({ path, method: 'POST', signedIn, type: every, body: bodyOf() });
    }
  });
  return list;
}

async function send(probe: Probe, cookie: string): Promise<number> {
  const headers = new Headers({ 'Sec-Fetch-Site': 'same-origin' });
  if (probe.signedIn) headers.set('Cookie', cookie);
  if (probe.type) headers.set('Content-Type', probe.type);
  const response = await fetch(`${servers.portal.origin}${probe.path}`, {
    method: probe.method,
    headers,
    body: probe.method === 'GET' || probe.method === 'HEAD' ? undefined : probe.body,
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

describe('route fuzz', () => {
  it('every declared route × id shape × method × content type × body: no 5xx, no error logged', async () => {
    const list = probes();
    const started = performance.now();
    const cookie = await teacher.cookieHeader();
    const failures: string[] = [];
    const logStart = servers.portal.logLines.length;
    let next = 0;
    // A few at a time: the machine is shared, and the run must stay about a minute.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < list.length) {
          const probe = list[next++]!;
          const status = await send(probe, cookie);
          if (status >= 500) {
            failures.push(
              `${status} ${probe.method} ${probe.path.slice(0, 80)} ${probe.type ?? '-'} ${probe.signedIn}`,
            );
          }
        }
      }),
    );
    const errors = servers.portal.logLines
      .slice(logStart)
      .filter((line) => (JSON.parse(line) as { level: number }).level >= 50)
      .map((line) => line.slice(0, 300));
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    console.info(`route fuzz: ${list.length} requests in ${Math.round(performance.now() - started)} ms`);
    // The teacher was signed in all along: the signed-in half of the run was one.
    expect((await teacher.request('/lk')).status).toBe(200);
    expect(list.length).toBeGreaterThan(1000);
  }, 120_000);
});
