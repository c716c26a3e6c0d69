import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STACK_COOKIE } from '../../scripts/deploy-config';
import { haproxyConfig } from '../../scripts/deploy/haproxy-config';
import { stopChild } from '../../scripts/processes';
import { freePort } from '../services/redis';

/**
 * ADR 232: two stacks' edges (haproxy 2.6 on loopback, the configuration of `haproxyConfig`'s `stacks`), each in
 * front of one instance that answers with its stack and the forwarding headers it got. A browser without the
 * stack cookie is served where it arrives and told so; one whose cookie names the other stack is relayed there
 * with its own address (not the relaying edge's) in X-Forwarded-For; a relayed request is never relayed again;
 * and once the other stack's edge is gone, its browsers are served here and given this stack.
 */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { stack: string; forwardedFor: string; proto: string };
}

/** The client's address: another loopback address than the edges', so that the relaying edge's cannot pass for it. */
const CLIENT = '127.0.0.7';

function get(port: number, headers: Record<string, string> = {}, pathname = '/cabinet'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: pathname, headers, localAddress: CLIENT, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: text.startsWith('{') ? JSON.parse(text) : {},
          }),
        );
      },
    );
    req.once('error', reject);
    req.end();
  });
}

interface Edge {
  stack: string;
  port: number;
  relayPort: number;
  operationsPort: number;
  child?: ChildProcess;
  instance?: Server;
  dir?: string;
}

const edges: Edge[] = [];

async function start(edge: Edge, other: Edge) {
  const instancePort = await freePort();
  edge.instance = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        stack: edge.stack,
        forwardedFor: req.headers['x-forwarded-for'],
        proto: req.headers['x-forwarded-proto'],
      }),
    );
  });
  await new Promise<void>((resolve) => edge.instance!.listen(instancePort, '127.0.0.1', resolve));
  edge.dir = mkdtempSync(path.join(tmpdir(), 'edge-stacks-'));
  const config = haproxyConfig({
    host: '127.0.0.1',
    port: edge.port,
    backends: [{ name: 'portal1', port: instancePort, checkPort: instancePort }],
    statsPort: await freePort(),
    operationsPort: edge.operationsPort,
    stacks: {
      self: edge.stack,
      cookie: STACK_COOKIE,
      relayPort: edge.relayPort,
      peers: [{ name: other.stack, address: '127.0.0.1', port: other.relayPort, checkPort: other.operationsPort }],
    },
  }).replace(`bind 0.0.0.0:${edge.operationsPort}`, `bind 127.0.0.1:${edge.operationsPort}`);
  writeFileSync(path.join(edge.dir, 'haproxy.cfg'), config);
  const child = spawn('haproxy', ['-db', '-f', path.join(edge.dir, 'haproxy.cfg')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  edge.child = child;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', () => reject(new Error(`haproxy exited: ${errors}`))),
  );
  exited.catch(() => {});
  return { exited, errors: () => errors };
}

const [one, two]: Edge[] = [
  { stack: '1', port: 0, relayPort: 0, operationsPort: 0 },
  { stack: '2', port: 0, relayPort: 0, operationsPort: 0 },
];

beforeAll(async () => {
  for (const edge of [one!, two!]) {
    edge.port = await freePort();
    edge.relayPort = await freePort();
    edge.operationsPort = await freePort();
    edges.push(edge);
  }
  const started = [await start(one!, two!), await start(two!, one!)];
  // Both edges ready (an instance alive), and each sees the other ready: a relayed request then finds its way.
  const answered = async (port: number, headers: Record<string, string>, pathname: string, expected: string) => {
    const answer = await get(port, headers, pathname);
    if (answer.status !== 200 || (expected && answer.body.stack !== expected))
      throw new Error(`not yet: ${answer.status}`);
  };
  for (const edge of [one!, two!]) {
    await vi.waitFor(() => answered(edge.operationsPort, {}, '/readyz', ''), { timeout: 8000, interval: 50 });
  }
  await vi.waitFor(() => answered(one!.port, { cookie: `${STACK_COOKIE}=2` }, '/cabinet', '2'), {
    timeout: 8000,
    interval: 50,
  });
  for (const { errors } of started) expect(errors()).not.toMatch(/ALERT/);
}, 20_000);

afterAll(async () => {
  for (const edge of edges) {
    if (edge.child) await stopChild(edge.child, 'SIGTERM', 5000);
    await new Promise((resolve) => edge.instance?.close(resolve));
    if (edge.dir) rmSync(edge.dir, { recursive: true, force: true });
  }
});

const stackCookie = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${STACK_COOKIE}=`));

describe('edges of several stacks (haproxy 2.6)', () => {
  it('serves a browser without the cookie where it arrives, names this stack, and replaces what the client forwarded', async () => {
    const answer = await get(one!.port, { 'x-forwarded-for': '203.0.113.9' });
    expect(answer.body).toEqual({ stack: '1', forwardedFor: CLIENT, proto: 'http' });
    expect(stackCookie(answer)).toBe(`${STACK_COOKIE}=1; Path=/; Max-Age=2592000; Secure; HttpOnly; SameSite=Lax`);
    const again = await get(one!.port, { cookie: `${STACK_COOKIE}=1` });
    expect(again.body.stack).toBe('1');
    expect(stackCookie(again)).toBeUndefined();
  });

  it('relays a browser of the other stack there, with the client’s own address, and sets no cookie on the way', async () => {
    const answer = await get(one!.port, { cookie: `${STACK_COOKIE}=2`, 'x-forwarded-for': '203.0.113.9' });
    expect(answer.body).toEqual({ stack: '2', forwardedFor: CLIENT, proto: 'http' });
    expect(stackCookie(answer)).toBeUndefined();
  });

  it('serves a relayed request itself, its forwarding headers as the relaying edge wrote them', async () => {
    const answer = await get(one!.relayPort, {
      cookie: `${STACK_COOKIE}=2`,
      'x-forwarded-for': '198.51.100.4',
      'x-forwarded-proto': 'https',
    });
    expect(answer.body).toEqual({ stack: '1', forwardedFor: '198.51.100.4', proto: 'https' });
  });

  it('serves the other stack’s browsers here once that stack’s edge is gone, and gives them this stack', async () => {
    await stopChild(two!.child!, 'SIGTERM', 5000);
    two!.child = undefined;
    await expect
      .poll(
        () =>
          get(one!.port, { cookie: `${STACK_COOKIE}=2` }).then(
            (a) => a.body.stack,
            () => '',
          ),
        {
          timeout: 8000,
          interval: 50,
        },
      )
      .toBe('1');
    const answer = await get(one!.port, { cookie: `${STACK_COOKIE}=2` });
    expect(answer.body.stack).toBe('1');
    expect(stackCookie(answer)).toMatch(new RegExp(`^${STACK_COOKIE}=1;`));
  });
});
