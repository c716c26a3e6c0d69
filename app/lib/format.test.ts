import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDuration,
  formatFileSize,
  formatMoscowDateTime,
  formatMoscowTime,
  formatMoscowTimeRange,
  moscowDate,
  formatWeekday,
  formatPercent,
  pluralize,
  formatOnWeekday,
  quote,
  sentence,
} from './format';

const participants = { one: 'участник', few: 'участника', many: 'участников' };

describe('format', () => {
  it('puts the noun in the form each count needs', () => {
    const said = [1, 3, 5, 11, 12, 13, 14, 21, 22, 25, 0, 111, 1200].map((n) => pluralize(n, participants));
    expect(said).toEqual([
      '1 участник',
      '3 участника',
      '5 участников',
      '11 участников',
      '12 участников',
      '13 участников',
      '14 участников',
      '21 участник',
      '22 участника',
      '25 участников',
      '0 участников',
      '111 участников',
      '1\u00a0200 участников',
    ]);
  });

  it('shows a UTC instant on the Moscow clock: the day, and the time labelled as such', () => {
    expect(formatDate('2026-11-22T22:30:00.000Z')).toBe('23 ноября 2026 г.');
    expect(formatDate('2026-11-23')).toBe('23 ноября 2026 г.');
    expect(formatWeekday('2026-11-23')).toBe('понедельник, 23 ноября');
    expect(formatMoscowDateTime('2026-11-23T12:00:00.000Z')).toBe('23 ноября 2026 г. в 15:00 мск');
    expect(formatMoscowDateTime('2026-12-31T22:30:00.000Z')).toBe('1 января 2027 г. в 01:30 мск');
  });

  it('writes durations, shares and file sizes as people read them', () => {
    expect([45, 60, 90].map(formatDuration)).toEqual(['45 мин', '1 ч', '1 ч 30 мин']);
    expect(formatPercent(0.42)).toBe('42\u00a0%');
    expect([840, 9981, 12 * 1024, 3.4 * 1024 * 1024].map(formatFileSize)).toEqual([
      '840 Б',
      '9,7 КБ',
      '12 КБ',
      '3,4 МБ',
    ]);
  });

  it('writes a time of day in Moscow with its label', () => {
    expect(formatMoscowTime('2026-11-23T09:34:00.000Z')).toBe('12:34 мск');
  });

  it('writes a span of time on the Moscow clock and the Moscow day an instant falls on', () => {
    expect(formatMoscowTimeRange('2026-11-23T07:00:00.000Z', '2026-11-23T08:30:00.000Z')).toBe('10:00–11:30 мск');
    expect(moscowDate('2026-11-22T21:30:00.000Z')).toBe('2026-11-23');
    expect(moscowDate('2026-11-22T20:30:00.000Z')).toBe('2026-11-22');
  });

  it('writes Russian typography: one period after «г.», „лапки“ inside «ёлочек», the day a thing opens on', () => {
    expect(sentence(`Результаты — ${formatDate('2026-12-07')}`)).toBe('Результаты — 7 декабря 2026 г.');
    expect(sentence('Регистрация открыта')).toBe('Регистрация открыта.');
    expect(quote('Программа недели')).toBe('«Программа недели»');
    expect(quote('Игра «Суд»')).toBe('«Игра „Суд“»');
    expect(formatOnWeekday('2026-11-28')).toBe('в субботу, 28 ноября');
    expect(formatOnWeekday('2026-11-24')).toBe('во вторник, 24 ноября');
  });
});
