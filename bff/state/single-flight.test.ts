import { describe, expect, it, vi } from 'vitest';
import { createSingleFlight } from './single-flight.server';

describe('single flight', () => {
  it('runs one task for concurrent callers with the same secret', async () => {
    const flight = createSingleFlight<string>(10_000);
    const task = vi.fn(async () => 'token-1');
    const results = await Promise.all(Array.from({ length: 50 }, () => flight.run('rt', task)));
    expect(task).toHaveBeenCalledTimes(1);
    expect(new Set(results)).toEqual(new Set(['token-1']));
  });

  it('keeps different secrets apart', async () => {
    const flight = createSingleFlight<string>(10_000);
    const [a, b] = await Promise.all([flight.run('rt-a', async () => 'a'), flight.run('rt-b', async () => 'b')]);
    expect([a, b]).toEqual(['a', 'b']);
  });

  it('runs again when the reused value is refused, and after the reuse window', async () => {
    vi.useFakeTimers();
    try {
      const flight = createSingleFlight<string>(1_000);
      let n = 0;
      const task = async () => `token-${++n}`;
      expect(await flight.run('rt', task)).toBe('token-1');
      expect(await flight.run('rt', task)).toBe('token-1');
      expect(await flight.run('rt', task, (v) => v === 'token-1')).toBe('token-2');
      vi.advanceTimersByTime(1_001);
      expect(await flight.run('rt', task)).toBe('token-3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not reuse a failure', async () => {
    const flight = createSingleFlight<string>(10_000);
    await expect(flight.run('rt', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await flight.run('rt', async () => 'ok')).toBe('ok');
  });
});
