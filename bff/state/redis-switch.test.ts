import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRedis, type RedisService } from '../../lab/services/redis';
import { createLogger } from '../log.server';
import { followFailovers } from './redis-state.server';

/**
 * A failover is announced by every sentinel (`+switch-master`): the state follows the new primary once, and an
 * announcement that finds it on the announced primary already leaves its connection alone — each needless
 * reconnection left the instance without Redis for a moment (found by the machines lab, ADR 233). A plain Redis
 * stands in for the sentinel: the announcement is a message on its channel.
 */
let announcer: RedisService;
let admin: Redis;

beforeAll(async () => {
  announcer = await startRedis();
  admin = new Redis(announcer.adminUrl);
});

afterAll(async () => {
  admin?.disconnect();
  await announcer?.close();
});

it('reconnects for an announcement of another primary, and leaves a connection to the announced one alone', async () => {
  const { username, password } = announcer.credentials.admin;
  const lines: string[] = [];
  const log = createLogger(
    { logLevel: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  let disconnects = 0;
  /** Every announcement of this group the watcher handles asks the client's status once. */
  let handled = 0;
  // The state's client as the watchers see it: on the primary 10.0.0.2:6379, ready.
  const client = {
    get status() {
      handled++;
      return 'ready';
    },
    stream: { remoteAddress: '10.0.0.2', remotePort: 6379 },
    disconnect: () => void disconnects++,
  } as unknown as Redis;
  const unfollow = followFailovers(
    client,
    {
      kind: 'sentinel',
      sentinels: [{ host: '127.0.0.1', port: announcer.port }],
      name: 'portal',
      username,
      password,
      sentinelPassword: password,
    },
    log,
  );
  try {
    // The watcher has subscribed once the channel counts one listener.
    await expect
      .poll(async () => ((await admin.call('PUBSUB', 'NUMSUB', '+switch-master')) as [string, number])[1])
      .toBe(1);
    // Three sentinels announce the switch to where the client already is: nothing to follow.
    for (let i = 0; i < 3; i++) await admin.publish('+switch-master', 'portal 10.0.0.1 6379 10.0.0.2 6379');
    // Another group's switch is not ours.
    await admin.publish('+switch-master', 'other 10.0.0.2 6379 10.0.0.9 6379');
    // A switch away from where the client is: followed, once.
    await admin.publish('+switch-master', 'portal 10.0.0.2 6379 10.0.0.3 6379');
    await expect.poll(() => handled).toBe(4);
    expect(disconnects).toBe(1);
    expect(lines.filter((line) => line.includes('following the new primary'))).toHaveLength(1);
  } finally {
    unfollow();
  }
});
