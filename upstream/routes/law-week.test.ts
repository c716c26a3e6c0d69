import { describe, expect, it } from 'vitest';
import type { LawWeekDay, LawWeekTheme } from '#contract';
import { moscowDate } from '#shared/moscow-time';
import { days } from '#shared/time';
import { createTestUpstream } from '../testing';

describe('lawWeekProgram', () => {
  it('dates seven days around today (Moscow), each event on its day, in the order they start', async () => {
    const up = await createTestUpstream();
    // 2025-06-01 09:00 UTC is 12:00 in Moscow: today is 1 June.
    const { status, envelope } = await up.call('lawWeekProgram');
    expect(status).toBe(200);
    const program = (envelope.result as { days: LawWeekDay[] }).days;
    expect(program.map((day) => day.date)).toEqual([
      '2025-05-29',
      '2025-05-30',
      '2025-05-31',
      '2025-06-01',
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
    ]);
    for (const day of program) {
      expect(day.events.length).toBeGreaterThanOrEqual(2);
      const starts = day.events.map((event) => event.startsAt);
      expect(starts).toEqual([...starts].sort());
      for (const event of day.events) {
        // Every event starts on its own day in Moscow.
        expect(moscowDate(event.startsAt)).toBe(day.date);
        expect(Date.parse(event.endsAt)).toBeGreaterThan(Date.parse(event.startsAt));
        expect(event.format === 'online' ? [event.link, event.place] : [event.place, event.link]).toEqual([
          expect.any(String),
          null,
        ]);
      }
    }
    expect(program[0]?.events[0]).toMatchObject({
      title: 'Торжественное открытие Недели права',
      startsAt: '2025-05-29T07:00:00.000Z',
      format: 'online',
    });
  });

  it('moves along with the clock, and answers the same with or without a session', async () => {
    const up = await createTestUpstream();
    up.clock.advance(days(10));
    const later = (await up.call('lawWeekProgram')).envelope.result as { days: LawWeekDay[] };
    expect(later.days[3]?.date).toBe('2025-06-11');
    const { token } = await up.login();
    expect((await up.call('lawWeekProgram', { token: token.authToken })).envelope.result).toEqual(later);
  });

  it('lists materials with their ids, names, types and sizes', async () => {
    const up = await createTestUpstream();
    const program = (await up.call('lawWeekProgram')).envelope.result as { days: LawWeekDay[] };
    const materials = program.days.flatMap((day) => day.events.flatMap((event) => event.materials));
    expect(materials.length).toBeGreaterThan(10);
    expect(materials[0]).toEqual({
      id: 1,
      name: 'Программа недели.pdf',
      path: '/files/scenarios/lesson-plan.pdf',
      type: 'application/pdf',
      size: expect.any(Number),
    });
    expect(new Set(materials.map((m) => m.id)).size).toBe(materials.length);
  });
});

describe('lawWeekThemes', () => {
  it('lists a dozen themes or more, each with a description and materials', async () => {
    const up = await createTestUpstream();
    const { status, envelope } = await up.call('lawWeekThemes');
    expect(status).toBe(200);
    const { themes } = envelope.result as { themes: LawWeekTheme[] };
    expect(themes.length).toBeGreaterThanOrEqual(12);
    expect(themes[0]).toMatchObject({ id: 1, title: 'Конституция Российской Федерации' });
    for (const theme of themes) {
      expect(theme.description.length).toBeGreaterThan(50);
      expect(theme.materials.length).toBeGreaterThan(0);
    }
  });

  it('answers an empty list when the week has no themes', async () => {
    const up = await createTestUpstream();
    up.db.exec('DELETE FROM law_week_themes');
    expect((await up.call('lawWeekThemes')).envelope.result).toEqual({ themes: [] });
  });
});
