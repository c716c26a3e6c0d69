import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createHealth, REDIS_PROBE_KEEP_MS, UPSTREAM_PROBE_KEEP_MS } from './health.server';

const settle = () => sleep(0);

/** What the readiness probe depends on, and what it never asks twice within a few seconds. */
describe('readiness', () => {
  const make = (redis = true, upstream = true) => {
    let now = 0;
    const upstreamAnswers = vi.fn(async () => upstream);
    const redisAnswers = vi.fn(async () => redis);
    const health = createHealth({ redisAnswers, upstreamAnswers, now: () => now });
    return { health, upstreamAnswers, redisAnswers, advance: (ms: number) => (now += ms) };
  };

  it('is not ready while starting, ready once started, and never again once shutting down', async () => {
    const { health, upstreamAnswers } = make();
    expect(await health.notReady()).toEqual(['starting']);
    health.markStarted();
    expect(await health.notReady()).toEqual([]);
    health.markShuttingDown();
    expect(await health.notReady()).toEqual(['shutting-down']);
    expect(upstreamAnswers).toHaveBeenCalledTimes(1);
  });

  it('names each dependency it lacks: at once when it never answered, after two looks missed in a row once it has', async () => {
    for (const [redis, upstream, reasons] of [
      [false, true, ['redis']],
      [true, false, ['upstream']],
      [false, false, ['redis', 'upstream']],
    ] as const) {
      const { health } = make(redis, upstream);
      health.markStarted();
      expect(await health.notReady()).toEqual(reasons);
    }
    // Lost after answering (a host cut off from Redis is silent, not refused): one look missed is not yet an outage.
    let answers = true;
    let now = 0;
    const health = createHealth({
      redisAnswers: async () => answers,
      upstreamAnswers: async () => true,
      now: () => now,
    });
    health.markStarted();
    expect(await health.notReady()).toEqual([]);
    answers = false;
    now += REDIS_PROBE_KEEP_MS;
    await health.notReady();
    await settle();
    expect(await health.notReady()).toEqual([]);
    now += REDIS_PROBE_KEEP_MS;
    await health.notReady();
    await settle();
    expect(await health.notReady()).toEqual(['redis']);
  });

  it('an upstream that answers again clears it at the next look', async () => {
    let answers = false;
    let now = 0;
    const health = createHealth({
      redisAnswers: async () => true,
      upstreamAnswers: async () => answers,
      now: () => now,
    });
    health.markStarted();
    await health.notReady();
    now += UPSTREAM_PROBE_KEEP_MS;
    await health.notReady();
    await settle();
    expect(await health.notReady()).toEqual(['upstream']);
    answers = true;
    now += UPSTREAM_PROBE_KEEP_MS;
    await health.notReady();
    await settle();
    expect(await health.notReady()).toEqual([]);
  });

  it('asks Redis and the upstream at most once per period each, whoever checks', async () => {
    const { health, upstreamAnswers, redisAnswers, advance } = make();
    health.markStarted();
    await Promise.all([health.notReady(), health.notReady(), health.notReady()]);
    expect(redisAnswers).toHaveBeenCalledTimes(1);
    advance(REDIS_PROBE_KEEP_MS - 1);
    await health.notReady();
    expect(redisAnswers).toHaveBeenCalledTimes(1);
    advance(1);
    await health.notReady();
    expect(redisAnswers).toHaveBeenCalledTimes(2);
    advance(UPSTREAM_PROBE_KEEP_MS - REDIS_PROBE_KEEP_MS - 1);
    await health.notReady();
    expect(upstreamAnswers).toHaveBeenCalledTimes(1);
    advance(1);
    await health.notReady();
    expect(upstreamAnswers).toHaveBeenCalledTimes(2);
  });
});

describe('readiness for the orchestrator (/readyz/local, ADR 231)', () => {
  it('leaves the upstream out and never looks at it; Redis, starting and stopping still count', async () => {
    const upstreamAnswers = vi.fn(async () => false);
    let redis = true;
    const health = createHealth({ redisAnswers: async () => redis, upstreamAnswers, now: () => 0 });
    expect(await health.notReady({ upstream: false })).toEqual(['starting']);
    health.markStarted();
    expect(await health.notReady({ upstream: false })).toEqual([]);
    expect(upstreamAnswers).not.toHaveBeenCalled();
    // The balancer's readiness still names the upstream.
    expect(await health.notReady()).toEqual(['upstream']);
    redis = false;
    const other = createHealth({ redisAnswers: async () => redis, upstreamAnswers, now: () => 0 });
    other.markStarted();
    expect(await other.notReady({ upstream: false })).toEqual(['redis']);
    other.markShuttingDown();
    expect(await other.notReady({ upstream: false })).toEqual(['shutting-down']);
  });

  it('is served on the operations listener: 200 with the upstream down, where /readyz answers 503', async () => {
    const { createMetrics } = await import('../metrics.server');
    const { OPERATIONS_PATHS, serveMetrics } = await import('./metrics-server.server');
    const health = createHealth({ redisAnswers: async () => true, upstreamAnswers: async () => false });
    health.markStarted();
    const server = await serveMetrics(createMetrics(), health, { host: '127.0.0.1', port: 0 });
    try {
      const { port } = server.address() as { port: number };
      const ask = async (path: string) => {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        return { status: response.status, body: await response.json() };
      };
      expect(await ask(OPERATIONS_PATHS.localReadiness)).toEqual({ status: 200, body: { ready: true, reasons: [] } });
      expect(await ask(OPERATIONS_PATHS.readiness)).toEqual({
        status: 503,
        body: { ready: false, reasons: ['upstream'] },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
