import { describe, expect, it } from 'vitest';
import { hours, minutes, seconds } from './time';

describe('time helpers', () => {
  it('return milliseconds', () => {
    expect(seconds(1)).toBe(1_000);
    expect(seconds(0.15)).toBe(150);
    expect(minutes(5)).toBe(300_000);
    expect(hours(1)).toBe(3_600_000);
  });
});
