import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSentinelGroup, type SentinelGroup } from '../../lab/services/redis-sentinel';
import { loadConfig } from '../config.server';
import { createLogger } from '../log.server';
import { createSealer } from '../session/seal.server';
import { days } from '#shared/time';
import { createRedisState, vouchedAt } from './redis-state.server';
import type { SharedState } from './shared-state';

/**
 * Issue 44, finding 4 (ADR 229): with the primary silent (SIGSTOP, no failover yet), a session's standing is
 * answered from a replica only while what the replica holds was vouched for by the primary within the grace —
 * not for as long as the replica's link stays `up` (`repl-timeout`), and a replica's answer is not stamped anew
 * with the time it was read, so the last-known standing ends with the grace too.
 */
const GRACE_MS = 4_000;
/** What a refused read may take past the grace: the primary's command timeout (2 s) and a replica's wait. */
const SLACK_MS = 3_000;
const secrets = ['unit-test-secret-unit-test-secret-unit-test'];

let group: SentinelGroup;
let state: SharedState;

beforeAll(async () => {
  // No failover within the test: the sentinels wait a minute before they call the primary down.
  group = await startSentinelGroup({ downAfterMs: 60_000, keyPatterns: ['replica-grace:*'] });
  const config = loadConfig({ PUBLIC_ORIGIN: 'https://portal.example', SESSION_SECRET: secrets[0]!, ...group.env });
  state = createRedisState({
    connection: config.redis!.connection,
    keyPrefix: 'replica-grace:',
    secrets,
    sealer: createSealer(secrets),
    keepMs: days(365),
    log: createLogger({ logLevel: 'silent' }),
    graceMs: GRACE_MS,
  });
  await state.ready(10_000);
}, 60_000);

afterAll(async () => {
  for (const node of group?.data ?? []) if (node.paused) node.resume();
  await state?.close();
  await group?.close();
});

describe('a replica vouches for a standing only as long as its primary did (ADR 229)', () => {
  it('answers from the replica at first, and refuses once the grace has passed since the primary fell silent', async () => {
    const { sessions } = state;
    await sessions.standing([], [11], ['sid-read']);
    // A write the replica acknowledges (WAIT 1): it has just heard from the primary.
    await sessions.revoke(['sid-revoked']);
    const primary = await group.primary();
    primary.pause();
    const silentFrom = Date.now();
    try {
      // A session this instance never read: only the replica can answer for it, and does.
      const first = await sessions.standing([], [11], ['sid-never-read', 'sid-revoked']);
      expect([...first.revoked]).toEqual(['sid-revoked']);
      // Asked again and again, as requests would: refused within the grace and the slack, though the replica's
      // link stays `up` for the minute of repl-timeout.
      let refusedAt: number | null = null;
      while (refusedAt === null && Date.now() - silentFrom < GRACE_MS + SLACK_MS + 5_000) {
        const answered = await sessions.standing([], [11], ['sid-never-read']).then(
          () => true,
          () => false,
        );
        if (!answered) refusedAt = Date.now();
      }
      expect(refusedAt).not.toBeNull();
      expect(refusedAt! - silentFrom).toBeLessThanOrEqual(GRACE_MS + SLACK_MS);
      // Nor does what the replica answered live on as this instance's last-known standing.
      await expect(sessions.standing([], [11], ['sid-read'])).rejects.toThrow();
    } finally {
      primary.resume();
    }
  }, 30_000);
});

describe('vouchedAt', () => {
  const at = 1_000_000;
  it('is the read for a primary, and a second before the last contact for a replica', () => {
    expect(vouchedAt('role:master\r\n', at)).toBe(at);
    expect(vouchedAt('role:slave\r\nmaster_link_status:up\r\nmaster_last_io_seconds_ago:3\r\n', at)).toBe(at - 4_000);
    expect(
      vouchedAt(
        'role:slave\r\nmaster_link_status:down\r\nmaster_last_io_seconds_ago:-1\r\nmaster_link_down_since_seconds:5\r\n',
        at,
      ),
    ).toBe(at - 6_000);
    expect(vouchedAt('role:slave\r\nmaster_link_status:down\r\nmaster_link_down_since_seconds:-1\r\n', at)).toBeNull();
    expect(vouchedAt('role:slave\r\n', at)).toBeNull();
  });
});
