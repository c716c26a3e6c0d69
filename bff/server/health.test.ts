import { describe, expect, it, vi } from 'vitest';
import { createHealth, UPSTREAM_PROBE_KEEP_MS } from './health.server';

/** ADR 062: what the readiness probe depends on, and what it never asks twice within a few seconds. */
describe('readiness', () => {
  const make = (redis = true, upstream = true) => {
    let now = 0;
    const upstreamAnswers = vi.fn(async () => upstream);
    const health = createHealth({ redisConnected: () => redis, upstreamAnswers, now: () => now });
    return { health, upstreamAnswers, advance: (ms: number) => (now += ms) };
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

  it('names each dependency it lacks: Redis at once, the upstream after two looks missed in a row', async () => {
    for (const [redis, upstream, reasons] of [
      [false, true, ['redis']],
      [true, false, ['upstream']],
      [false, false, ['redis', 'upstream']],
    ] as const) {
      const { health, advance } = make(redis, upstream);
      health.markStarted();
      expect(await health.notReady()).toEqual(redis ? [] : ['redis']);
      advance(UPSTREAM_PROBE_KEEP_MS);
      await health.notReady();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(await health.notReady()).toEqual(reasons);
    }
  });

  it('an upstream that answers again clears it at the next look', async () => {
    let answers = false;
    let now = 0;
    const health = createHealth({ redisConnected: () => true, upstreamAnswers: async () => answers, now: () => now });
    health.markStarted();
    await health.notReady();
    now += UPSTREAM_PROBE_KEEP_MS;
    await health.notReady();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await health.notReady()).toEqual(['upstream']);
    answers = true;
    now += UPSTREAM_PROBE_KEEP_MS;
    await health.notReady();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await health.notReady()).toEqual([]);
  });

  it('asks the upstream at most once per period, whoever checks', async () => {
    const { health, upstreamAnswers, advance } = make();
    health.markStarted();
    await Promise.all([health.notReady(), health.notReady(), health.notReady()]);
    advance(UPSTREAM_PROBE_KEEP_MS - 1);
    await health.notReady();
    expect(upstreamAnswers).toHaveBeenCalledTimes(1);
    advance(1);
    await health.notReady();
    expect(upstreamAnswers).toHaveBeenCalledTimes(2);
  });
});
