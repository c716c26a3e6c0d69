import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatMoscowDateTime,
  formatMoscowTime,
  formatMoscowTimeRange,
  formatOnWeekday,
  formatWeekday,
  moscowDate,
} from './moscow-time';

describe('moscow-time', () => {
  it('shows a UTC instant on the Moscow clock: the day, and the time labelled as such', () => {
    expect(formatDate('2026-11-22T22:30:00.000Z')).toBe('23 ноября 2026 г.');
    expect(formatDate('2026-11-23')).toBe('23 ноября 2026 г.');
    expect(formatDate(Date.parse('2026-11-23T20:59:00.000Z'))).toBe('23 ноября 2026 г.');
    expect(formatWeekday('2026-11-23')).toBe('понедельник, 23 ноября');
    expect(formatMoscowDateTime('2026-11-23T12:00:00.000Z')).toBe('23 ноября 2026 г. в 15:00 мск');
    expect(formatMoscowDateTime('2026-12-31T22:30:00.000Z')).toBe('1 января 2027 г. в 01:30 мск');
    expect(formatMoscowDateTime(Date.parse('2026-11-23T12:00:07.000Z'), { seconds: true })).toBe(
      '23 ноября 2026 г. в 15:00:07 мск',
    );
  });

  it('writes a time of day in Moscow with its label', () => {
    expect(formatMoscowTime('2026-11-23T09:34:00.000Z')).toBe('12:34 мск');
  });

  it('writes a span of time on the Moscow clock and the Moscow day an instant falls on', () => {
    expect(formatMoscowTimeRange('2026-11-23T07:00:00.000Z', '2026-11-23T08:30:00.000Z')).toBe('10:00–11:30 мск');
    expect(moscowDate('2026-11-22T21:30:00.000Z')).toBe('2026-11-23');
    expect(moscowDate('2026-11-22T20:30:00.000Z')).toBe('2026-11-22');
  });

  it('says the day a thing opens on as «когда?» asks it', () => {
    expect(formatOnWeekday('2026-11-28')).toBe('в субботу, 28 ноября');
    expect(formatOnWeekday('2026-11-24')).toBe('во вторник, 24 ноября');
  });
});
