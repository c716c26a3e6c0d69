import { describe, expect, it } from 'vitest';
import { formatWatchTime, pointsShort, pointsToPass, watchSecondsLeft } from './certificate-progress';

describe('what is left before a certificate (ADR 238)', () => {
  it('writes a watch time as Russian does', () => {
    expect([0, 5, 60, 330, 3600, 4320, 4335].map(formatWatchTime)).toEqual([
      '0 с',
      '5 с',
      '1 мин',
      '5 мин 30 с',
      '1 ч',
      '1 ч 12 мин',
      '1 ч 12 мин',
    ]);
  });

  it('counts the seconds left to watch, none once enough is counted', () => {
    expect(watchSecondsLeft({ neededSeconds: 20, countedSeconds: 15 })).toBe(5);
    expect(watchSecondsLeft({ neededSeconds: 20, countedSeconds: 20 })).toBe(0);
    expect(watchSecondsLeft({ neededSeconds: 20, countedSeconds: 24 })).toBe(0);
  });

  it('finds the fewest right answers that pass, with the percentage rounded down', () => {
    expect(pointsToPass(10, 70)).toBe(7);
    expect(pointsToPass(9, 67)).toBe(7);
    expect(pointsToPass(8, 75)).toBe(6);
    expect(pointsToPass(3, 100)).toBe(3);
    for (const max of [6, 7, 9, 12, 15]) {
      for (const bar of [50, 67, 70, 75, 80]) {
        const least = pointsToPass(max, bar);
        expect(Math.floor((least * 100) / max)).toBeGreaterThanOrEqual(bar);
        expect(Math.floor(((least - 1) * 100) / max)).toBeLessThan(bar);
      }
    }
  });

  it('says how many right answers an attempt lacked', () => {
    expect(pointsShort({ points: 5, maxPoints: 10 }, 70)).toBe(2);
    expect(pointsShort({ points: 9, maxPoints: 10 }, 70)).toBe(0);
  });
});
