/**
 * Debian's `haproxy` in front of the portal instances (ADR 023): its configuration generated into a temporary
 * folder, round robin, health checks on `GET /readyz`, the client's forwarding headers replaced by its own, a
 * request that could not reach an instance sent to another one, and the build's scripts kept in its cache.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopChild, waitForOk } from './processes';

/** The paths the balancer may keep: the build's script names, nothing a portal could resolve to another path. */
export const ASSET_PATH = '^/assets/[A-Za-z0-9_-]+([.][A-Za-z0-9_-]+)*$';

export interface Backend {
  name: string;
  port: number;
}

/**
 * Two backends over the same instances: reads are retried on another instance when the first one died before
 * answering (a repeated GET changes nothing), writes only when their connection failed, i.e. when the request
 * never reached an instance, since repeating a form post could act twice. `track` makes the writes' servers
 * follow the reads' health checks, so each instance is checked once.
 */
export function haproxyConfig(options: { port: number; host?: string; backends: Backend[] }): string {
  const servers = (track: boolean) =>
    options.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}${track ? ` track reads/${b.name}` : ' check'}`);
  return [
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    // Longer than the portal's own upstream timeout with its retries, shorter than the client's patience.
    '  timeout server 60s',
    '  timeout client 65s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 60s',
    // Past 64 requests at once an instance's requests wait here, not in its listen backlog (maxconn below).
    '  timeout queue 15s',
    '  retries 3',
    '  option redispatch 1',
    // A busy instance answers /readyz late, not never: taking it out would only load the others more (the day's
    // bench took all three out at once with shorter checks). A dead or stopping one refuses connections: ten in
    // a row take it out, and each refused request is sent to another instance meanwhile (redispatch).
    '  timeout check 5s',
    '  default-server inter 2s fall 5 rise 2 observe layer4 error-limit 10 on-error mark-down maxconn 64',
    '',
    // The build's scripts are the same bytes for everyone and never change under their name (ADR 031): the
    // balancer keeps them in memory, one entry per encoding the browsers ask for, so a first visit's dozen
    // scripts cost the instances nothing after the first one. Pages and everything else are never stored.
    'cache assets',
    '  total-max-size 64',
    '  max-object-size 1048576',
    '  max-age 86400',
    '  process-vary on',
    '',
    'frontend portal',
    `  bind ${options.host ?? '127.0.0.1'}:${options.port}`,
    // A thousand writers at once, each on a connection of its own, stay far below it.
    '  maxconn 4000',
    // Whatever a client wrote in these is discarded; the portal trusts the balancer's values only (TRUST_PROXY).
    '  http-request del-header X-Forwarded-For',
    '  http-request del-header X-Forwarded-Proto',
    '  http-request del-header X-Forwarded-Host',
    '  http-request del-header Forwarded',
    '  option forwardfor',
    '  http-request set-header X-Forwarded-Proto https if { ssl_fc }',
    '  http-request set-header X-Forwarded-Proto http if !{ ssl_fc }',
    '  http-request set-header X-Forwarded-Host %[req.hdr(host)]',
    '  use_backend reads if METH_GET or METH_HEAD',
    '  default_backend writes',
    '',
    'backend reads',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /readyz',
    '  http-check expect status 200',
    '  retry-on conn-failure empty-response',
    // Only a name shaped like the build's files (flat, letters, digits, `-`, `_`, inner dots): the portal resolves
    // `..`, `%2e` and `\` in a path as a browser does, so `/assets/../banners/1/image` is a banner, which a
    // prefix rule would store under a script's rule (issue 25). Anything else passes through, never stored.
    `  http-request set-var(txn.asset) bool(true) if { path_reg ${ASSET_PATH} }`,
    '  http-request cache-use assets if { var(txn.asset) -m bool }',
    '  http-response cache-store assets if { var(txn.asset) -m bool } { status 200 }',
    ...servers(false),
    '',
    'backend writes',
    '  balance roundrobin',
    '  retry-on conn-failure',
    ...servers(true),
    '',
  ].join('\n');
}

export interface Haproxy {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts haproxy on `port` and resolves once it accepts connections. */
export async function startHaproxy(options: { port: number; host?: string; backends: Backend[]; quiet?: boolean }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(options));
  // -db: stay in the foreground, so stopping this child stops the balancer.
  const child = spawn('haproxy', ['-db', '-f', file], {
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  child.on('error', () => {}); // a missing binary shows as the exit below
  const stop = async () => {
    await stopChild(child, 'SIGTERM', 5000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`http://127.0.0.1:${options.port}/healthz`, child, 'haproxy (its messages are above)');
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, stop } satisfies Haproxy;
}
