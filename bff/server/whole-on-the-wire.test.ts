import { setTimeout as sleep } from 'node:timers/promises';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import compression from 'compression';
import express from 'express';
import { afterEach, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { HELD_AT_MOST, wholeOnTheWire } from './whole-on-the-wire.server';

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/**
 * An app that sends `type` in two writes, compressed as the portal compresses, with `between` awaited in between;
 * the raw bytes as the client read them, and when the app ended the answer.
 */
async function twoWrites(
  type: string,
  between: (firstBytes: Promise<void>) => Promise<void>,
  options: { first?: string; headers?: Record<string, string> } = {},
) {
  let endedAt = 0;
  let arrived!: () => void;
  const firstBytes = new Promise<void>((resolve) => (arrived = resolve));
  const app = express();
  app.use(wholeOnTheWire, compression());
  app.get('/', (_req, res, next) => {
    res.type(type);
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    res.write(options.first ?? 'a'.repeat(4096));
    between(firstBytes).then(() => {
      endedAt = performance.now();
      res.end('b'.repeat(4096));
    }, next);
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  // A kept-alive connection, as the balancer's: the answer is chunked, and ends with its last chunk.
  socket.write('GET / HTTP/1.1\r\nHost: portal\r\nAccept-Encoding: gzip\r\n\r\n');
  const arrivals: { at: number; text: string }[] = [];
  await new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      arrivals.push({ at: performance.now(), text: chunk.toString('latin1') });
      arrived();
      if (
        arrivals
          .map((a) => a.text)
          .join('')
          .endsWith('\r\n0\r\n\r\n')
      )
        resolve();
    }),
  );
  socket.destroy();
  return { arrivals, endedAt, all: arrivals.map((a) => a.text).join('') };
}

it('holds a document back until its last byte, headers and last chunk included', async () => {
  const { arrivals, endedAt, all } = await twoWrites('html', () => sleep(150));
  // Not a byte on the wire before the answer was ended.
  expect(arrivals[0]!.at).toBeGreaterThanOrEqual(endedAt);
  expect(all).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(all).toMatch(/\r\ncontent-encoding: gzip\r\n/i);
  expect(all).toMatch(/\r\ntransfer-encoding: chunked\r\n/i);
});

it('holds a JSON answer of the portal’s own (the dictation’s autosave) the same way (ADR 226)', async () => {
  const { arrivals, endedAt, all } = await twoWrites('json', () => sleep(150));
  expect(arrivals[0]!.at).toBeGreaterThanOrEqual(endedAt);
  expect(all).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
  expect(all).toMatch(/\r\ncontent-encoding: gzip\r\n/i);
});

it('lets any other answer flow as it is written (a file, a stream)', async () => {
  // The second part is written only once the client has the first: held back, it would never be.
  const { arrivals, endedAt } = await twoWrites('application/octet-stream', (firstBytes) =>
    Promise.race([firstBytes, sleep(2_000).then(() => Promise.reject(new Error('the first part never arrived')))]),
  );
  expect(arrivals[0]!.at).toBeLessThan(endedAt);
  expect(arrivals[0]!.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
});

/** The second part is written only once the client has the first: held back, it would never be. */
const afterFirstBytes = (firstBytes: Promise<void>) =>
  Promise.race([firstBytes, sleep(5_000).then(() => Promise.reject(new Error('the first part never arrived')))]);

it('holds no more than HELD_AT_MOST of a document: past it, the answer flows (issue 44)', async () => {
  // Random text: compressed, it stays well over the cap (base64 shrinks to about three quarters).
  const first = randomBytes(2 * HELD_AT_MOST).toString('base64');
  const { arrivals, endedAt } = await twoWrites('html', afterFirstBytes, { first });
  expect(arrivals[0]!.at).toBeLessThan(endedAt);
});

it('lets a file the upstream labelled text/html flow: it is not the portal’s own page (issue 44)', async () => {
  const { arrivals, endedAt } = await twoWrites('html', afterFirstBytes, {
    headers: { 'Content-Disposition': 'inline' },
  });
  expect(arrivals[0]!.at).toBeLessThan(endedAt);
});
