import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, formatPercent, quote, sentence } from './format';
import { formatDate } from '#shared/moscow-time';

describe('format', () => {
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

  it('writes Russian typography: one period after «г.», „лапки“ inside «ёлочек»', () => {
    expect(sentence(`Результаты — ${formatDate('2026-12-07')}`)).toBe('Результаты — 7 декабря 2026 г.');
    expect(sentence('Регистрация открыта')).toBe('Регистрация открыта.');
    expect(quote('Программа недели')).toBe('«Программа недели»');
    expect(quote('Игра «Суд»')).toBe('«Игра „Суд“»');
  });
});
