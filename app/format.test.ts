import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatFileSize, pluralize } from './format';

describe('format', () => {
  it('writes dates in Russian, in Moscow time', () => {
    expect(formatDate('2026-11-22T22:30:00.000Z')).toBe('23 ноября 2026 г.');
  });

  it('puts the word in the form the count takes', () => {
    const forms = ['сценарий', 'сценария', 'сценариев'] as const;
    expect([1, 3, 5, 11, 21, 1200].map((n) => pluralize(n, forms))).toEqual([
      '1 сценарий',
      '3 сценария',
      '5 сценариев',
      '11 сценариев',
      '21 сценарий',
      '1\u00a0200 сценариев',
    ]);
  });

  it('writes durations and file sizes as people read them', () => {
    expect([45, 60, 90].map(formatDuration)).toEqual(['45 мин', '1 ч', '1 ч 30 мин']);
    expect([840, 9981, 12 * 1024, 3.4 * 1024 * 1024].map(formatFileSize)).toEqual([
      '840 Б',
      '9,7 КБ',
      '12 КБ',
      '3,4 МБ',
    ]);
  });
});
