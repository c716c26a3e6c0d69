import { describe, expect, it } from 'vitest';
import { hours, minutes, seconds } from './time';

describe('time helpers', () => {
  it('return milliseconds', () => {
    expect(seconds(1)).toBe(1_000);
    expect(seconds(0.15)).toBe(150);
    expect(minutes(5)).toBe(300_000);
    expect(hours(1)).toBe(3_600_000);
  });

  it('compose: the 68-hour session countdown', () => {
    expect(hours(68)).toBe(68 * 60 * 60 * 1000);
    expect(minutes(60)).toBe(hours(1));
    expect(seconds(60)).toBe(minutes(1));
  });
});
