import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ASSET_PATH, AUTOSAVE_PATH, DICTATION_FORM_PATH, haproxyConfig } from '../../scripts/deploy/haproxy-config';

/** The generated configuration is one haproxy accepts, and the client's forwarding headers go first. */

const config = haproxyConfig({
  port: 4000,
  backends: [
    { name: 'portal1', port: 4001, checkPort: 4101 },
    { name: 'portal2', port: 4002, checkPort: 4102 },
  ],
  statsPort: 4003,
  adminSocket: path.join(tmpdir(), 'haproxy-check-admin.sock'),
});

it('passes haproxy -c', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-check-'));
  try {
    writeFileSync(path.join(dir, 'haproxy.cfg'), config);
    expect(() => execFileSync('haproxy', ['-c', '-q', '-f', path.join(dir, 'haproxy.cfg')])).not.toThrow();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('deletes every client forwarding header before adding its own', () => {
  const lines = config.split('\n').map((line) => line.trim());
  const forwardfor = lines.indexOf('option forwardfor');
  for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host', 'Forwarded']) {
    const deleted = lines.indexOf(`http-request del-header ${header}`);
    expect(deleted, header).toBeGreaterThan(-1);
    expect(deleted, header).toBeLessThan(forwardfor);
  }
});

it('retries writes only when they never reached an instance, reads also when an instance died answering', () => {
  const backend = (name: string) => config.slice(config.indexOf(`\nbackend ${name}\n`) + 1).split('\n\n')[0]!;
  expect(backend('reads')).toContain('retry-on conn-failure empty-response');
  expect(backend('writes')).toMatch(/retry-on conn-failure\n/);
  expect(backend('writes')).toContain('server portal1 127.0.0.1:4001 track reads/portal1');
  expect(config).toContain('option redispatch 1');
  // The autosave is replayable (the same revision twice is one save): it is retried as a read is.
  expect(config).toContain(`use_backend reads if METH_POST { path_reg ${AUTOSAVE_PATH} }`);
  expect(new RegExp(AUTOSAVE_PATH).test(`/dictation/${'a'.repeat(43)}/text`)).toBe(true);
  for (const path of ['/dictation', '/dictation/abc', '/dictation/a/b/text', '/lk/dictations']) {
    expect(new RegExp(AUTOSAVE_PATH).test(path), path).toBe(false);
  }
});

it('retries the writing form without JavaScript as the autosave, and nothing else under /dictation/ (ADR 233)', () => {
  expect(config).toContain(`use_backend reads if METH_POST { path_reg ${DICTATION_FORM_PATH} }`);
  expect(new RegExp(DICTATION_FORM_PATH).test(`/dictation/${'a'.repeat(43)}`)).toBe(true);
  for (const path of ['/dictation', '/dictation/', '/dictation/abc.data', '/dictation/abc/text', '/lk/dictations/1']) {
    expect(new RegExp(DICTATION_FORM_PATH).test(path), path).toBe(false);
  }
});

it("ends a silent instance's connections within seconds: a user timeout and keepalive probes (ADR 233)", () => {
  // On each server line: on `default-server` haproxy 2.6 accepts `tcp-ut` and never sets it (measured with strace).
  const serverLines = config.split('\n').filter((line) => /^\s+server(-template)? /.test(line));
  expect(serverLines.length).toBeGreaterThan(0);
  for (const line of serverLines) expect(line).toMatch(/ tcp-ut 3s$/);
  expect(config).not.toMatch(/default-server .*tcp-ut/);
  const discovered = haproxyConfig({
    port: 8080,
    backends: [],
    discovery: { fqdn: 'portal.example.svc', slots: 4, port: 3000, checkPort: 9464 },
  });
  for (const line of discovered.split('\n').filter((l) => l.includes('server-template'))) {
    expect(line).toContain(' ipv4@portal.example.svc:3000 ');
    expect(line).toMatch(/ tcp-ut 3s$/);
  }
  for (const line of ['option srvtcpka', 'srvtcpka-idle 1s', 'srvtcpka-intvl 1s', 'srvtcpka-cnt 3']) {
    expect(config).toContain(`\n  ${line}\n`);
  }
});

it('listens on the given addresses: instances on hosts of their own, the edge also on a Unix socket', () => {
  const placed = haproxyConfig({
    port: 8080,
    host: '10.234.34.10',
    unixSocket: '/tmp/edge.sock',
    backends: [{ name: 'portal1', address: '10.234.34.21', port: 3000, checkPort: 9464 }],
  });
  expect(placed).toContain('bind 10.234.34.10:8080\n  bind unix@/tmp/edge.sock mode 600');
  expect(placed).toContain('server portal1 10.234.34.21:3000 check port 9464');
  expect(placed).toContain('server portal1 10.234.34.21:3000 track reads/portal1');
});

it('keeps in its cache only paths shaped like the build’s files, none a portal would resolve elsewhere', () => {
  const asset = new RegExp(ASSET_PATH);
  for (const path of ['/assets/root-BxYz12_a.js', '/assets/manifest-0f3c.js', '/assets/entry.client-Ab9.js']) {
    expect(asset.test(path), path).toBe(true);
  }
  for (const path of [
    '/assets/../banners/1/image',
    '/assets/%2e%2e/banners/1/image',
    '/assets/..%2fbanners',
    '/assets/..\\banners',
    '/assets/./x.js',
    '/assets/a/../../lk',
    '/assets/.hidden',
    '/assets/',
    '/lk',
  ]) {
    expect(asset.test(path), path).toBe(false);
  }
  expect(config).toContain(`http-request set-var(txn.asset) bool(true) if { path_reg ${ASSET_PATH} }`);
});

it('serves its statistics and Prometheus exporter on loopback only, never on the public frontend (ADR 218)', () => {
  const frontend = (name: string) => config.slice(config.indexOf(`\nfrontend ${name}\n`) + 1).split('\n\n')[0]!;
  expect(frontend('stats')).toContain('bind 127.0.0.1:4003');
  expect(frontend('stats')).toContain('http-request use-service prometheus-exporter if { path /metrics }');
  expect(frontend('portal')).not.toMatch(/prometheus|stats/);
  expect(config).toMatch(/stats socket \S+admin\.sock mode 600 level admin/);
});

it('shares only the listed public pages, with no query string, and never with a session cookie (ADR 227)', () => {
  const lines = config.split('\n').map((line) => line.trim());
  expect(lines).toContain('acl shared_page url -m str / /dictation /week /login /registration');
  for (const name of ['vptk', 'rvptk', '__Host-vptk', '__Host-rvptk']) {
    expect(lines).toContain(`acl session_cookie req.cook_cnt(${name}) gt 0`);
  }
  expect(lines).toContain('use_backend pages if METH_GET shared_page !session_cookie');
  const pages = config.slice(config.indexOf('\nbackend pages\n') + 1).split('\n\n')[0]!;
  expect(pages).toContain('balance uri');
  expect(pages).toMatch(/cache-store pages if \{ status 200 \} \{ res\.fhdr\(cache-control\) -m beg public, \}/);
  expect(pages).toContain('!{ res.hdr_cnt(set-cookie) gt 0 }');
  // Pages are stored nowhere else.
  expect(config.match(/cache-(use|store) pages/g)).toHaveLength(2);
  const named = haproxyConfig({ port: 1, backends: [], sessionCookies: ['a', 'b'] });
  expect(named).toContain('acl session_cookie req.cook_cnt(a) gt 0');
  expect(named).not.toContain('req.cook_cnt(vptk)');
});

it('gives each instance 64 requests at once unless told otherwise, the rest waiting in its queue', () => {
  expect(config).toMatch(/default-server .* maxconn 64\n/);
  const one = haproxyConfig({
    port: 4000,
    backends: [{ name: 'portal1', port: 4001, checkPort: 4101 }],
    instanceMaxconn: 1,
  });
  expect(one).toMatch(/default-server .* maxconn 1\n/);
});

it('checks each instance on its operations port, never the public one: readiness, and liveness for the fallback (ADR 231)', () => {
  const backend = (name: string) => config.slice(config.indexOf(`\nbackend ${name}\n`) + 1).split('\n\n')[0]!;
  expect(backend('reads')).toContain('http-check send meth GET uri /readyz');
  expect(backend('reads')).toContain('server portal1 127.0.0.1:4001 check port 4101');
  expect(backend('fallback')).toContain('http-check send meth GET uri /livez');
  expect(backend('fallback')).toContain('server portal2 127.0.0.1:4002 check port 4102');
  expect(backend('fallback')).toMatch(/retry-on conn-failure\n/);
  // Only once no instance is ready, and before any other choice of backend.
  const lines = config.split('\n').map((line) => line.trim());
  const fallback = lines.indexOf('use_backend fallback if { nbsrv(reads) eq 0 }');
  expect(fallback).toBeGreaterThan(-1);
  expect(lines.findIndex((line) => line.startsWith('use_backend '))).toBe(fallback);
});

it('logs, when asked to, no path and no query: the capability paths stay out of its logs (ADR 231)', () => {
  const logged = haproxyConfig({
    port: 4000,
    backends: [{ name: 'portal1', port: 4001, checkPort: 4101 }],
    log: 'stdout format raw local0',
  });
  expect(logged).toContain('  log stdout format raw local0');
  const format = /log-format "([^"]+)"/.exec(logged)![1]!;
  // %r is the request line, %HU the URI, %HP the path, %HQ the query, %hr/%hrl captured headers, %[…] a sample.
  const fields = format.match(/%(\{[^}]*\})?(\[|[A-Za-z]+)/g)!.map((field) => field.replace(/\{[^}]*\}/, ''));
  expect(fields).toContain('%HM');
  for (const field of ['%r', '%HU', '%HP', '%HQ', '%hr', '%hrl', '%[']) expect(fields, field).not.toContain(field);
  expect(logged).not.toMatch(/option httplog|capture request/);
  expect(config).not.toMatch(/^\s*log /m);
});

it('finds the instances by DNS when told to, each backend checking them on the operations port itself', () => {
  const found = haproxyConfig({
    port: 8443,
    backends: [],
    discovery: { fqdn: 'portal.portal.svc.cluster.local', slots: 10, port: 3000, checkPort: 9464 },
  });
  const backend = (name: string) => found.slice(found.indexOf(`\nbackend ${name}\n`) + 1).split('\n\n')[0]!;
  for (const name of ['reads', 'pages', 'writes']) {
    expect(backend(name)).toContain('http-check send meth GET uri /readyz');
    expect(backend(name)).toContain(
      'server-template portal 1-10 ipv4@portal.portal.svc.cluster.local:3000 resolvers cluster init-addr none check port 9464 tcp-ut 3s',
    );
    expect(backend(name)).not.toContain('track');
  }
  expect(backend('fallback')).toContain('http-check send meth GET uri /livez');
  expect(found).toContain('resolvers cluster\n  parse-resolv-conf');
});
