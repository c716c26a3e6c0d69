import { describe, expect, it } from 'vitest';
import { weekDay } from '#contract';
import { createTestUpstream } from '../testing';
import { days, hours } from '#shared/time';

type Up = Awaited<ReturnType<typeof createTestUpstream>>;

async function weekDays(up: Up) {
  const { envelope } = await up.call('weekList');
  return weekDay.array().parse((envelope.result as { days: unknown }).days);
}

describe('weekList', () => {
  it('dates seven days around the current Moscow day, today fourth', async () => {
    const up = await createTestUpstream();
    const list = await weekDays(up);
    expect(list.map((day) => day.date)).toEqual([
      '2025-05-29',
      '2025-05-30',
      '2025-05-31',
      '2025-06-01',
      '2025-06-02',
      '2025-06-03',
      '2025-06-04',
    ]);
    expect(list[3]).toMatchObject({ opensAt: '2025-05-31T21:00:00.000Z', closesAt: '2025-06-01T21:00:00.000Z' });
    expect(list.every((day) => day.title && day.task)).toBe(true);
  });

  it('moves with the clock, so a database seeded long ago still shows this week', async () => {
    const up = await createTestUpstream();
    up.clock.advance(days(40) + hours(13)); // 01:00 in Moscow, 41 days later
    expect((await weekDays(up))[3]?.date).toBe('2025-07-12');
  });
});

describe('weekParticipation and putDayLink', () => {
  it('saves a link for the open day, replaces it on a second send, and reports participation', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const before = await up.call('weekParticipation', { token: token.authToken });
    expect(before.envelope.result).toEqual({ participating: false, links: [] });

    const today = (await weekDays(up))[3]!;
    const first = await up.call('putDayLink', {
      token: token.authToken,
      body: { dayId: today.id, link: 'https://school1.example.ru/news/urok' },
    });
    expect(first.status).toBe(200);
    await up.call('putDayLink', {
      token: token.authToken,
      body: { dayId: today.id, link: 'https://school1.example.ru/news/urok-2' },
    });
    const after = await up.call('weekParticipation', { token: token.authToken });
    expect(after.envelope.result).toEqual({
      participating: true,
      links: [
        {
          dayId: today.id,
          link: 'https://school1.example.ru/news/urok-2',
          savedAt: new Date(up.clock.time).toISOString(),
        },
      ],
    });
  });

  it('refuses closed and coming days, and links that are not http(s)', async () => {
    const up = await createTestUpstream();
    const { token } = await up.login();
    const list = await weekDays(up);
    const send = (dayId: number, link: string) =>
      up.call('putDayLink', { token: token.authToken, body: { dayId, link } });

    const closed = await send(list[0]!.id, 'https://example.ru/a');
    expect(closed.status).toBe(409);
    expect(closed.envelope.errors[0]).toMatchObject({ code: 'day_closed', field: 'link' });
    const coming = await send(list[6]!.id, 'https://example.ru/a');
    expect(coming.envelope.errors[0]).toMatchObject({ code: 'day_not_open', field: 'link' });
    const script = await send(list[3]!.id, 'javascript:alert(1)');
    expect(script.status).toBe(400);
    expect(script.envelope.errors[0]).toMatchObject({ field: 'link' });
    expect(up.count('week_links')).toBe(0);
  });

  it('needs a session', async () => {
    const up = await createTestUpstream();
    expect((await up.call('weekParticipation')).status).toBe(401);
  });
});
