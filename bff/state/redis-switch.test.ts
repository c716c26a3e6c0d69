import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSentinelGroup, type SentinelGroup } from '../../scripts/services/redis-sentinel';
import { loadConfig } from '../config.server';
import { createLogger } from '../log.server';
import { createSealer } from '../session/seal.server';
import { days } from '#shared/time';
import { createRedisState } from './redis-state.server';
import type { SharedState } from './shared-state';

/**
 * A failover is announced by every sentinel (`+switch-master`): the state follows the new primary once, not once
 * per announcement — each reconnection left the instance without Redis for a moment (found by the machines lab,
 * ADR 138).
 */
const secrets = ['unit-test-secret-unit-test-secret-unit-test'];
const lines: string[] = [];
let group: SentinelGroup;
let state: SharedState;

beforeAll(async () => {
  group = await startSentinelGroup({ keyPatterns: ['switch:*'] });
  const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example', SESSION_SECRET: secrets[0]!, ...group.env });
  const log = createLogger(
    { logLevel: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  state = createRedisState({
    connection: config.redis!.connection,
    keyPrefix: 'switch:',
    secrets,
    sealer: createSealer(secrets),
    keepMs: days(1),
    log,
  });
  await state.ready(10_000);
}, 60_000);

afterAll(async () => {
  await state?.close();
  await group?.close();
});

it('follows a failover once, whichever sentinels announce it', { timeout: 60_000 }, async () => {
  // The test hears the announcements as the state does: from every sentinel, as the portal's user.
  const { username, password } = group.credentials.portal;
  const heard: string[] = [];
  const listeners = group.sentinelAddresses.map((address) => {
    const [host, port] = address.split(':');
    const listener = new Redis({ host, port: Number(port), username, password });
    void listener.subscribe('+switch-master');
    listener.on('message', (_channel: string, message: string) => heard.push(`${address} ${message}`));
    return listener;
  });
  try {
    await expect.poll(async () => Promise.all(listeners.map((l) => l.ping().catch(() => null)))).not.toContain(null);
    const old = await group.primary();
    await group.sentinels[0]!.cli(['SENTINEL', 'FAILOVER', group.name]);
    await group.waitForFailover(old);
    await expect.poll(() => heard.length, { timeout: 20_000 }).toBe(group.sentinels.length);
    // The state is on the new primary and answers, having reconnected for one announcement at most.
    await expect
      .poll(async () => (await state.sessions.revoke(['sid-after-switch']), true), { timeout: 20_000 })
      .toBe(true);
    expect(lines.filter((line) => line.includes('following the new primary')).length).toBeLessThanOrEqual(1);
  } finally {
    listeners.forEach((listener) => listener.disconnect());
  }
});
