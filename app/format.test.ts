import { describe, expect, it } from 'vitest';
import { formatClock, formatMinutes, formatMoscowDateTime, formatPercent, pluralize } from './format';

const participants = { one: 'участник', few: 'участника', many: 'участников' };

describe('format', () => {
  it('puts «участник» in the form each count needs', () => {
    const said = [1, 3, 5, 11, 12, 13, 14, 21, 22, 25, 0, 111].map((n) => pluralize(n, participants));
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
    ]);
  });

  it('shows a UTC instant on the Moscow clock, labelled as such', () => {
    expect(formatMoscowDateTime('2026-11-23T12:00:00.000Z')).toBe('23 ноября 2026 г. в 15:00 мск');
    expect(formatMoscowDateTime('2026-12-31T22:30:00.000Z')).toBe('1 января 2027 г. в 01:30 мск');
  });

  it('writes durations, places in a recording and shares', () => {
    expect([45, 60, 90, 120].map(formatMinutes)).toEqual(['45 минут', '1 час', '1 ч 30 мин', '2 часа']);
    expect([7, 754, 3723].map(formatClock)).toEqual(['0:07', '12:34', '1:02:03']);
    expect(formatPercent(0.42)).toBe('42\u00a0%');
  });
});
