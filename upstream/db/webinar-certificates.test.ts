import { describe, expect, it } from 'vitest';
import { seconds } from '#shared/time';
import { countedByReport, neededSecondsOf, REPORT_MAX_SECONDS } from './webinar-certificates';

describe('the watch time counted for a master-class certificate (ADR 054)', () => {
  it('needs 80 % of the recording, rounded up', () => {
    expect(neededSecondsOf(24)).toBe(20);
    expect(neededSecondsOf(3600)).toBe(2880);
    expect(neededSecondsOf(10)).toBe(8);
    expect(neededSecondsOf(1)).toBe(1);
  });

  it('counts playback at normal speed in full: the place moved forward, as the real time allows', () => {
    const at = 1_000_000;
    expect(countedByReport(null, 15, at)).toBe(15);
    expect(countedByReport({ positionSeconds: 15, at }, 30, at + seconds(15))).toBe(15);
    // Math.floor on both sides of the player: a second either way.
    expect(countedByReport({ positionSeconds: 15, at }, 31, at + seconds(15))).toBe(16);
    // A pause, then playing on days later: the place moved 15 s, that is what counts.
    expect(countedByReport({ positionSeconds: 30, at }, 45, at + seconds(86_400))).toBe(15);
  });

  it('never counts a claimed jump: one report, however far, counts at most one report’s worth', () => {
    expect(countedByReport(null, 3600, 0)).toBe(REPORT_MAX_SECONDS);
    expect(countedByReport({ positionSeconds: 0, at: 0 }, 3600, seconds(86_400))).toBe(REPORT_MAX_SECONDS);
  });

  it('never counts more than the real time since the report before', () => {
    const at = 5_000_000;
    expect(countedByReport({ positionSeconds: 0, at }, 16, at)).toBe(1);
    expect(countedByReport({ positionSeconds: 0, at }, 16, at + seconds(4))).toBe(5);
    // Played twice as fast: half of it counts.
    expect(countedByReport({ positionSeconds: 0, at }, 30, at + seconds(15))).toBe(16);
  });

  it('counts nothing for a seek back or a report from the same place', () => {
    expect(countedByReport({ positionSeconds: 20, at: 0 }, 5, seconds(30))).toBe(0);
    expect(countedByReport({ positionSeconds: 20, at: 0 }, 20, seconds(30))).toBe(0);
  });
});
