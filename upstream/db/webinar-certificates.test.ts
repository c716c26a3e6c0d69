import { describe, expect, it } from 'vitest';
import { seconds } from '#shared/time';
import { creditReport, neededSecondsOf, REPORT_MAX_SECONDS } from './webinar-certificates';

describe('the watch time counted for a master-class certificate (ADR 238, ADR 236)', () => {
  it('needs 80 % of the recording, rounded up', () => {
    expect(neededSecondsOf(24)).toBe(20);
    expect(neededSecondsOf(3600)).toBe(2880);
    expect(neededSecondsOf(10)).toBe(8);
    expect(neededSecondsOf(1)).toBe(1);
  });

  it('counts nothing for the first report of a recording or of a user, and starts the clock there', () => {
    const at = 1_000_000;
    expect(creditReport(null, null, 15, at)).toEqual({ counted: 0, creditedUntil: at });
    expect(creditReport(null, at - seconds(60), 3600, at)).toEqual({ counted: 0, creditedUntil: at });
    expect(creditReport(0, null, 16, at)).toEqual({ counted: 0, creditedUntil: at });
  });

  it('counts playback at normal speed in full: the place moved forward, as the real time allows', () => {
    const at = 1_000_000;
    expect(creditReport(0, at, 15, at + seconds(15))).toEqual({ counted: 15, creditedUntil: at + seconds(15) });
    // A report a little early counts what really passed; the rest is counted by the next one.
    expect(creditReport(15, at, 30, at + 14_600)).toEqual({ counted: 14, creditedUntil: at + seconds(14) });
    expect(creditReport(30, at + seconds(14), 45, at + 29_900).counted).toBe(15);
  });

  it('carries the remainder of real time, so reports a second apart lose nothing and gain nothing', () => {
    let clock = 5_000_000;
    let total = 0;
    let position = 0;
    for (let i = 1; i <= 12; i += 1) {
      const now = 5_000_000 + i * 1_005;
      position += 2;
      const credit = creditReport(position - 2, clock, position, now);
      total += credit.counted;
      clock = credit.creditedUntil;
    }
    // 12.06 s of real time, 24 s claimed: 12 s counted.
    expect(total).toBe(12);
  });

  it('never counts a claimed jump: one report, however far, counts at most one report’s worth', () => {
    expect(creditReport(0, 0, 3600, seconds(86_400)).counted).toBe(REPORT_MAX_SECONDS);
  });

  it('never counts more than the real time since the clock, nor time spent away beyond one report', () => {
    const at = 5_000_000;
    expect(creditReport(0, at, 16, at).counted).toBe(0);
    expect(creditReport(0, at, 16, at + 999).counted).toBe(0);
    expect(creditReport(0, at, 16, at + seconds(4)).counted).toBe(4);
    // Played twice as fast: half of it counts.
    expect(creditReport(0, at, 30, at + seconds(15)).counted).toBe(15);
    // A day away banks at most one report's worth: the clock is moved up to it.
    const back = creditReport(0, at, 16, at + seconds(86_400));
    expect(back).toEqual({ counted: 16, creditedUntil: at + seconds(86_400) });
  });

  it('counts nothing for a seek back or a report from the same place, and restarts the clock there', () => {
    expect(creditReport(20, 0, 5, seconds(30))).toEqual({ counted: 0, creditedUntil: seconds(30) });
    expect(creditReport(20, 0, 20, seconds(30))).toEqual({ counted: 0, creditedUntil: seconds(30) });
  });
});
