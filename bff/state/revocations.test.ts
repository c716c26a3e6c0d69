import { afterEach, describe, expect, it, vi } from 'vitest';
import { days } from '#shared/time';
import { createRevocations } from './revocations.server';

afterEach(() => vi.useRealTimers());

describe('revocations', () => {
  it('refuses a revoked token until the record expires', () => {
    vi.useFakeTimers();
    const revocations = createRevocations({ keepMs: days(30) });
    revocations.revoke('refresh-1', null);
    expect(revocations.isRevoked('refresh-1')).toBe(true);
    expect(revocations.isRevoked('refresh-2')).toBe(false);
    vi.advanceTimersByTime(days(30));
    expect(revocations.isRevoked('refresh-1')).toBe(false);
  });

  it('stays bounded, dropping the oldest records first', () => {
    const revocations = createRevocations({ keepMs: days(30), maxEntries: 3 });
    for (const token of ['a', 'b', 'c', 'd', 'e']) revocations.revoke(token);
    expect(revocations.size).toBeLessThanOrEqual(3);
    expect(revocations.isRevoked('e')).toBe(true);
    expect(revocations.isRevoked('a')).toBe(false);
  });
});
