import { describe, expect, it } from 'vitest';
import { byPhase, dayOnHosts } from '../../bench/day-on-hosts-launch';
import { hostsUnavailable } from '../../services/namespaces';

/**
 * Issue 34: the cluster across hosts of their own (ADR 233), network namespaces with an address each. 100 writers
 * save every 5 s through the edge (half by the autosave, half by the form without JavaScript and the page after
 * it) and 10 signed-in people walk the cabinet, while one app host goes silent (nftables drops everything it
 * sends and receives: no reset, no refusal) for 20 s and comes back, then the Redis primary's host goes silent
 * (Sentinel fails over) and comes back as a replica, then app1 is cut off from the data hosts alone for 20 s (its
 * readiness takes it out). Nothing may be lost, refused or mixed up.
 * Root only: elsewhere the test is skipped, saying why; CI runs as root.
 */
const unavailable = hostsUnavailable();
if (unavailable) console.warn(`hosts.test.ts skipped: ${unavailable}`);

describe.skipIf(unavailable)('the cluster on hosts of their own', () => {
  it("an app host silent for 20 s, then the Redis primary's host (a failover), then an app host cut off from Redis: no save lost, no request failed (a cabinet page or a save), no foreign page, no sign-out", async () => {
    const result = await dayOnHosts('short', { writers: 100, walkers: 10 });
    const failed = result.requests.filter((request) => !request.ok);
    const summary = byPhase(result)
      .map(
        (p) =>
          `${p.phase} ${p.kind}: ${p.requests} (${p.failed} failed) p50 ${Math.round(p.p50)} p95 ${Math.round(p.p95)}`,
      )
      .join('\n');
    console.log(summary);
    for (const event of result.events) console.log(`${event.at.toFixed(1)} s: ${event.line}`);
    for (const request of failed.slice(0, 20)) console.log(JSON.stringify(request));
    expect(result.lost).toBe(0);
    expect(result.requests.filter((request) => request.status >= 500)).toEqual([]);
    expect(result.foreign).toBe(0);
    expect(result.signOuts).toBe(0);
    // Not one request failed: those in flight on the silent host were answered by another one, and a page it had
    // begun was never begun, since pages go out whole (ADR 233).
    expect(failed).toEqual([]);
    // The load did run through the silence: every writer saved in each phase.
    for (const phase of byPhase(result).filter((p) => p.kind !== 'cabinet')) expect(phase.requests).toBeGreaterThan(0);
    const lines = result.events.map((event) => event.line);
    expect(lines).toEqual(
      expect.arrayContaining([
        'app2 silent',
        'app2 back',
        "the Redis primary's host silent",
        'app1 cut off from Redis',
        'app1 reaches Redis again',
      ]),
    );
    // Sentinel promoted another node, and the old primary came back as its replica.
    expect(lines.some((line) => /^failover: data\d is the primary$/.test(line))).toBe(true);
    expect(lines.some((line) => /^data\d rejoined as a replica$/.test(line))).toBe(true);
  }, 300_000);
});
