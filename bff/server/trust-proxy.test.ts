import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.server';

/**
 * `TRUST_PROXY` as the portal sets it (`app.set('trust proxy', config.trustProxy)`), with one proxy in front —
 * here the test itself, on loopback — that appends the address it saw to the client's `X-Forwarded-For`.
 */
async function clientAddress(trustProxy: string, forwardedFor: string): Promise<string | undefined> {
  const app = express();
  app.set('trust proxy', loadConfig({ TRUST_PROXY: trustProxy }).trustProxy);
  app.get('/', (req, res) => void res.send(req.ip));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'X-Forwarded-For': forwardedFor } });
    return await response.text();
  } finally {
    server.close();
  }
}

describe('TRUST_PROXY (ADR 217)', () => {
  // The client wrote 198.51.100.66; the one proxy appended the address it really saw, 203.0.113.7.
  const chain = '198.51.100.66, 203.0.113.7';

  it('the proxies’ addresses, or their exact count, believe only what the proxy added', async () => {
    expect(await clientAddress('loopback', chain)).toBe('203.0.113.7');
    expect(await clientAddress('127.0.0.1/8', chain)).toBe('203.0.113.7');
    expect(await clientAddress('1', chain)).toBe('203.0.113.7');
  });

  it('a count larger than the real chain believes what the client wrote: why the addresses are preferred', async () => {
    expect(await clientAddress('2', chain)).toBe('198.51.100.66');
  });
});
