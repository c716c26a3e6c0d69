import { describe, expect, it } from 'vitest';
import { moscowMidnight } from '#shared/moscow-time';
import { days as toDays } from '#shared/time';
import { describeWeek, todayOf } from './week-program';

const oneDay = toDays(1);

const day = (id: number, date: string) => ({
  id,
  date,
  title: `День ${id}`,
  description: '',
  task: '',
  opensAt: new Date(moscowMidnight(Date.parse(date))).toISOString(),
  closesAt: new Date(moscowMidnight(Date.parse(date)) + oneDay).toISOString(),
});

describe('describeWeek', () => {
  const days = [day(1, '2026-11-22'), day(2, '2026-11-23'), day(3, '2026-11-24')];

  it('opens only the day whose Moscow date it is, at Moscow midnight', () => {
    // 23:30 UTC on the 22nd is already 02:30 on the 23rd in Moscow.
    const states = describeWeek(days, [], Date.parse('2026-11-22T23:30:00Z')).map((d) => d.state);
    expect(states).toEqual(['closed', 'open', 'upcoming']);
    expect(describeWeek(days, [], Date.parse('2026-11-22T20:59:59Z')).map((d) => d.state)).toEqual([
      'open',
      'upcoming',
      'upcoming',
    ]);
  });

  it('puts the user’s links on their days and finds today', () => {
    const week = describeWeek(
      days,
      [{ dayId: 2, link: 'https://school.example.ru/a', savedAt: '2026-11-23T08:00:00Z' }],
      Date.parse('2026-11-23T09:00:00Z'),
    );
    expect(week.map((d) => d.link)).toEqual([null, 'https://school.example.ru/a', null]);
    expect(todayOf(week)?.id).toBe(2);
    expect(todayOf(describeWeek(days, [], Date.parse('2026-12-01T09:00:00Z')))).toBeNull();
  });
});
