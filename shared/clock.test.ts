import { describe, expect, it } from 'vitest';
import { formatPosition, formatTimeLeft } from './clock';
import { hours, minutes, seconds } from './time';

describe('formatPosition', () => {
  it('writes a place in a recording as people read it', () => {
    expect([7, 754, 3723].map(formatPosition)).toEqual(['0:07', '12:34', '1:02:03']);
  });
});

describe('formatTimeLeft', () => {
  it('shows minutes and seconds, and hours only when there are any', () => {
    expect(formatTimeLeft(minutes(4) + seconds(9))).toBe('04:09');
    expect(formatTimeLeft(hours(1) + minutes(4) + seconds(9))).toBe('1:04:09');
  });

  it('rounds up, so the clock reads 00:00 only when the time is over', () => {
    expect(formatTimeLeft(seconds(0.2))).toBe('00:01');
    expect(formatTimeLeft(0)).toBe('00:00');
    expect(formatTimeLeft(-seconds(5))).toBe('00:00');
  });
});
