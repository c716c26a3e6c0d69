import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import compression from 'compression';
import express from 'express';
import { afterEach, expect, it } from 'vitest';
import { wholeOnTheWire } from './whole-on-the-wire.server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app that sends `type` in two writes `gap` ms apart, compressed as the portal compresses; the raw bytes read. */
async function twoWrites(type: string, gap: number) {
  const app = express();
  app.use(wholeOnTheWire, compression());
  app.get('/', async (_req, res) => {
    res.type(type);
    res.write('a'.repeat(4096));
    await sleep(gap);
    res.end('b'.repeat(4096));
  });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const started = Date.now();
  // A kept-alive connection, as the balancer's: the answer is chunked, and ends with its last chunk.
  socket.write('GET / HTTP/1.1\r\nHost: portal\r\nAccept-Encoding: gzip\r\n\r\n');
  const arrivals: { ms: number; text: string }[] = [];
  await new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      arrivals.push({ ms: Date.now() - started, text: chunk.toString('latin1') });
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
  return arrivals;
}

it('holds a document back until its last byte, headers and last chunk included, and sends it at once', async () => {
  const arrivals = await twoWrites('html', 150);
  expect(arrivals[0]!.ms).toBeGreaterThanOrEqual(140);
  const all = arrivals.map((a) => a.text).join('');
  expect(all).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(all).toMatch(/\r\ncontent-encoding: gzip\r\n/i);
  // Compressed as it goes, it is chunked: its last chunk came with the rest.
  expect(all).toMatch(/\r\ntransfer-encoding: chunked\r\n/i);
  // Everything was there within a moment of the first byte.
  expect(arrivals.at(-1)!.ms - arrivals[0]!.ms).toBeLessThan(50);
});

it('lets any other answer flow as it is written (a file, a stream)', async () => {
  const arrivals = await twoWrites('application/octet-stream', 150);
  expect(arrivals[0]!.ms).toBeLessThan(100);
  expect(arrivals[0]!.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(arrivals.map((a) => a.text).join('')).toMatch(/\r\ntransfer-encoding: chunked\r\n/i);
});
