import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEPLOY_PORTS,
  DISCOVERY_FQDN,
  EDGE_MAXCONN,
  EDGE_OPERATIONS_PORT,
  EDGE_REDIRECT_PORT,
  MAX_INSTANCES,
  kubernetesHaproxy,
} from '../../scripts/deploy-config';
import { freePort } from '../services/redis';
import { stopChild } from '../../scripts/processes';

/**
 * Issue 43: the Kubernetes edge (deploy/kubernetes/edge/haproxy.cfg, as generated) finds every pod of the headless
 * Service, at any count up to its slots, from a DNS server that answers as CoreDNS does: UDP answers of at most
 * 512 bytes unless the question's EDNS record asks for more, a longer one cut with the TC bit set, and TCP
 * answers whole. haproxy 2.6 runs for real on loopback; the pods are loopback addresses (127.1.0.x).
 */

const A = 1;
const OPT = 41;

interface Answered {
  transport: 'udp' | 'tcp';
  /** The size the question's EDNS record announced (512 without one). */
  payload: number;
  addresses: number;
  truncated: boolean;
}

/** The bytes of a name in a question (labels, then 0). */
function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at] !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

/**
 * The answer to one question, as CoreDNS gives it: every address for `fqdn`'s A records (none for another type),
 * an EDNS record back when the question had one, and over UDP no more than the announced size: the records that
 * fit, with TC set (miekg/dns's Truncate, which CoreDNS calls).
 */
export function answer(query: Buffer, fqdn: string, addresses: string[], transport: 'udp' | 'tcp') {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const questionEnd = end + 4;
  let payload = 512;
  const edns = query.readUInt16BE(10) > 0 && query[questionEnd] === 0 && query.readUInt16BE(questionEnd + 1) === OPT;
  if (edns) payload = Math.max(512, query.readUInt16BE(questionEnd + 3));
  const known = name === fqdn;
  const records = known && type === A ? addresses : [];
  const limit = transport === 'tcp' ? 65535 : payload;
  const fixed = questionEnd + (edns ? 11 : 0);
  const fit = Math.min(records.length, Math.floor((limit - fixed) / 16));
  const truncated = fit < records.length;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // QR, AA, the question's RD, RA, TC when cut, NXDOMAIN for a name it does not hold.
  header.writeUInt16BE(
    0x8000 | 0x0400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (truncated ? 0x0200 : 0) | (known ? 0 : 3),
    2,
  );
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(fit, 6);
  header.writeUInt16BE(0, 8);
  header.writeUInt16BE(edns ? 1 : 0, 10);
  const parts = [header, query.subarray(12, questionEnd)];
  for (const address of records.slice(0, fit)) {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the question's name
    record.writeUInt16BE(A, 2);
    record.writeUInt16BE(1, 4);
    record.writeUInt32BE(5, 6);
    record.writeUInt16BE(4, 10);
    address.split('.').forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
    parts.push(record);
  }
  if (edns) {
    const opt = Buffer.alloc(11);
    opt.writeUInt16BE(OPT, 1);
    opt.writeUInt16BE(4096, 3);
    parts.push(opt);
  }
  return { message: Buffer.concat(parts), answered: { transport, payload, addresses: fit, truncated } };
}

interface Dns {
  port: number;
  pods: string[];
  log: Answered[];
  close(): Promise<void>;
}

/** A DNS server on loopback, UDP and TCP on one port, holding `pods` as the headless Service's addresses. */
async function startDns(fqdn: string): Promise<Dns> {
  for (;;) {
    const port = await freePort();
    const udp: Socket = createSocket('udp4');
    const tcp: Server = createServer();
    const listening = await Promise.all([
      new Promise<boolean>((resolve) => {
        udp.once('error', () => resolve(false));
        udp.bind(port, '127.0.0.1', () => resolve(true));
      }),
      new Promise<boolean>((resolve) => {
        tcp.once('error', () => resolve(false));
        tcp.listen(port, '127.0.0.1', () => resolve(true));
      }),
    ]);
    const close = () =>
      Promise.all([
        new Promise<void>((resolve) => (listening[0] ? udp.close(() => resolve()) : resolve())),
        new Promise<void>((resolve) => (listening[1] ? tcp.close(() => resolve()) : resolve())),
      ]).then(() => undefined);
    if (!listening.every(Boolean)) {
      await close();
      continue;
    }
    const dns: Dns = { port, pods: [], log: [], close };
    udp.on('message', (query, from) => {
      const { message, answered } = answer(query, fqdn, dns.pods, 'udp');
      dns.log.push(answered);
      udp.send(message, from.port, from.address);
    });
    tcp.on('connection', (socket) => {
      let pending = Buffer.alloc(0);
      socket.on('error', () => {});
      socket.on('data', (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
          const query = pending.subarray(2, 2 + pending.readUInt16BE(0));
          pending = pending.subarray(2 + query.length);
          const { message, answered } = answer(query, fqdn, dns.pods, 'tcp');
          dns.log.push(answered);
          const length = Buffer.alloc(2);
          length.writeUInt16BE(message.length);
          socket.write(Buffer.concat([length, message]));
        }
      });
    });
    return dns;
  }
}

/** Loopback addresses standing for n pods. */
const pods = (n: number) => Array.from({ length: n }, (_, i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`);

interface Edge {
  child: ChildProcess;
  /** The addresses the reads backend's servers have now. */
  addresses(): Promise<string[]>;
  operations: number;
  redirect: number;
  stop(): Promise<void>;
}

/**
 * The generated Kubernetes edge on loopback: the cluster's resolver replaced by `dns`, the ports by free ones, the
 * certificate left out (TLS is not what is under test). `edit` changes the configuration further.
 */
async function startEdge(dns: Dns, checkPort: number, edit = (config: string) => config): Promise<Edge> {
  const dir = mkdtempSync(path.join(tmpdir(), 'edge-dns-'));
  const socket = path.join(dir, 'admin.sock');
  const [publicPort, statsPort, operations, appPort, redirect] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const config = edit(
    kubernetesHaproxy()
      .replace('parse-resolv-conf', `nameserver cluster 127.0.0.1:${dns.port}`)
      .replace(/stats socket \S+/, `stats socket ${socket}`)
      .replace(/ {2}log stdout format raw local0\n/, '')
      // This machine's descriptor limit (a pod's is far higher): the connection count is not under test here.
      .replace(`  maxconn ${EDGE_MAXCONN + 1000}\n`, '  maxconn 4000\n')
      .replace(/bind 0\.0\.0\.0:8443 .*/, `bind 127.0.0.1:${publicPort}`)
      .replace('bind 127.0.0.1:8404', `bind 127.0.0.1:${statsPort}`)
      .replace(`bind 0.0.0.0:${EDGE_OPERATIONS_PORT}`, `bind 127.0.0.1:${operations}`)
      .replace(`bind 0.0.0.0:${EDGE_REDIRECT_PORT}`, `bind 127.0.0.1:${redirect}`)
      .replaceAll(`:${DEPLOY_PORTS.public} resolvers`, `:${appPort} resolvers`)
      .replaceAll(`check port ${DEPLOY_PORTS.operations}`, `check port ${checkPort}`),
  );
  writeFileSync(path.join(dir, 'haproxy.cfg'), config);
  const child = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      let out = '';
      const connection = createConnection(socket, () => connection.end(`${line}\n`));
      connection.setEncoding('utf8');
      connection.on('data', (chunk: string) => (out += chunk));
      connection.once('error', reject);
      connection.once('close', () => resolve(out));
    });
  const exited = new Promise<string>((resolve) => child.once('exit', () => resolve(`haproxy exited: ${errors}`)));
  await expect
    .poll(() => Promise.race([exited, command('show info').catch(() => '')]), { timeout: 10_000, interval: 50 })
    .toContain('Name: HAProxy');
  expect(errors).not.toMatch(/ALERT/);
  return {
    child,
    operations,
    redirect,
    async addresses() {
      // `show servers state`: be_id be_name srv_id srv_name srv_addr …
      const rows = (await command('show servers state reads')).split('\n').map((line) => line.split(' '));
      return rows.map((row) => row[4] ?? '').filter((address) => address.startsWith('127.1.'));
    },
    async stop() {
      await stopChild(child, 'SIGTERM', 5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

describe('the Kubernetes edge finds the pods through the cluster’s DNS (haproxy 2.6, a CoreDNS-like server)', () => {
  it('the test’s server truncates as CoreDNS does: 512 bytes over UDP without EDNS, whole over TCP', () => {
    const query = Buffer.from(
      '12340100000100000000000006706f7274616c06706f7274616c037376630763' + '6c7573746572056c6f63616c0000010001',
      'hex',
    );
    expect(readName(query, 12).name).toBe(DISCOVERY_FQDN);
    const udp = answer(query, DISCOVERY_FQDN, pods(MAX_INSTANCES), 'udp');
    expect(udp.message.length).toBeLessThanOrEqual(512);
    expect(udp.answered).toMatchObject({ truncated: true, addresses: 28 });
    expect(udp.message.readUInt16BE(2) & 0x0200).toBe(0x0200);
    expect(answer(query, DISCOVERY_FQDN, pods(MAX_INSTANCES), 'tcp').answered).toMatchObject({
      truncated: false,
      addresses: MAX_INSTANCES,
    });
  });

  it('sees every pod past one 512-byte answer, a running edge sees a scale-out, and is ready only with a live pod', async () => {
    const checkPort = await freePort();
    const dns = await startDns(DISCOVERY_FQDN);
    cleanup.push(() => dns.close());
    const edge = await startEdge(dns, checkPort);
    cleanup.push(() => edge.stop());
    const ready = async () => (await fetch(`http://127.0.0.1:${edge.operations}/readyz`)).status;

    // No pod yet: no server, and the edge says it is not ready (the load balancer sends it no one).
    await expect.poll(() => dns.log.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    expect(await edge.addresses()).toEqual([]);
    expect(await ready()).toBe(503);

    // 20 pods, one of them alive on its operations port.
    dns.pods = pods(20);
    const live: HttpServer = createHttpServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => live.listen(checkPort, dns.pods[0], resolve));
    cleanup.push(() => new Promise((resolve) => live.close(resolve)));
    await expect.poll(async () => (await edge.addresses()).length, { timeout: 10_000, interval: 100 }).toBe(20);
    await expect.poll(ready, { timeout: 15_000, interval: 200 }).toBe(200);

    // Scale-out to the autoscaler's maximum, past what one 512-byte answer holds: every pod found.
    dns.pods = pods(MAX_INSTANCES);
    await expect
      .poll(async () => (await edge.addresses()).sort(), { timeout: 10_000, interval: 100 })
      .toEqual([...dns.pods].sort());
    const full = dns.log.filter((entry) => entry.addresses === MAX_INSTANCES);
    expect(full.length).toBeGreaterThan(0);
    expect(full.every((entry) => !entry.truncated && entry.payload > 512)).toBe(true);

    // Prometheus reads the edge on the same port (monitoring/portal.yaml); nothing else is served there.
    const metrics = await fetch(`http://127.0.0.1:${edge.operations}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('haproxy_backend_current_queue{proxy="reads"}');
    expect((await fetch(`http://127.0.0.1:${edge.operations}/stats`)).status).toBe(403);

    // Plain HTTP (the Service's :80) is sent to https on the host the client asked for, whatever the path.
    const plain = await fetch(`http://127.0.0.1:${edge.redirect}/dictation/abc?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`https://127.0.0.1:${edge.redirect}/dictation/abc?x=1`);
  }, 30_000);

  it('without the announced payload size the same edge keeps no pod of a truncated answer (the check can fail)', async () => {
    const dns = await startDns(DISCOVERY_FQDN);
    cleanup.push(() => dns.close());
    dns.pods = pods(MAX_INSTANCES);
    const edge = await startEdge(dns, await freePort(), (config) =>
      config.replace(/ {2}accepted_payload_size .*\n/, ''),
    );
    cleanup.push(() => edge.stop());
    await expect
      .poll(() => dns.log.filter((entry) => entry.truncated).length, { timeout: 10_000, interval: 50 })
      .toBeGreaterThanOrEqual(3);
    expect((await edge.addresses()).length).toBeLessThan(MAX_INSTANCES);
  }, 20_000);
});
