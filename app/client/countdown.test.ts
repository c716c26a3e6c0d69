import { describe, expect, it } from 'vitest';
import { hours, minutes, seconds } from '#shared/time';
import { crossedMark, describeRemaining } from './countdown';

describe('describeRemaining', () => {
  it('speaks Russian with the right noun forms', () => {
    expect(describeRemaining(minutes(1))).toBe('1 минута');
    expect(describeRemaining(minutes(2))).toBe('2 минуты');
    expect(describeRemaining(minutes(5))).toBe('5 минут');
    expect(describeRemaining(hours(1) + minutes(21))).toBe('1 час 21 минута');
    expect(describeRemaining(hours(3))).toBe('3 часа');
  });

  it('counts seconds only in the last minute', () => {
    expect(describeRemaining(seconds(30))).toBe('30 секунд');
    expect(describeRemaining(seconds(1))).toBe('1 секунда');
    expect(describeRemaining(seconds(90))).toBe('2 минуты');
  });
});

describe('crossedMark', () => {
  it('finds the mark a tick crossed', () => {
    expect(crossedMark(minutes(5) + seconds(1), minutes(5))).toBe(minutes(5));
    expect(crossedMark(seconds(31), seconds(29))).toBe(seconds(30));
  });

  it('stays silent between marks, so a ticking timer is not read every second', () => {
    expect(crossedMark(minutes(4), minutes(4) - seconds(1))).toBeNull();
  });

  it('names only the nearest mark when a sleeping tab skipped several', () => {
    expect(crossedMark(minutes(20), minutes(1) + seconds(10))).toBe(minutes(2));
  });
});
