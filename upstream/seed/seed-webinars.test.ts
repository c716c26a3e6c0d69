import { describe, expect, it } from 'vitest';
import { formatMoscowTime, moscowDate } from '#shared/moscow-time';
import { openDatabase } from '../db/open';
import { seedDemoContent } from './seed';
import { WEBINAR_TOPICS } from './seed-webinars-content';

describe('master classes seed', () => {
  it('covers every plural form of «участник» and has no duplicate titles', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, Date.UTC(2026, 10, 23, 9));
    const counts = db.column('SELECT participants_count FROM webinars') as number[];
    expect(counts).toEqual(expect.arrayContaining([1, 3, 5, 11, 12, 13, 14, 21, 22, 25]));
    expect(new Set(WEBINAR_TOPICS.map(([title]) => title)).size).toBe(40);
  });

  it('starts every master class at a Moscow daytime hour, one of them today', async () => {
    const db = openDatabase(':memory:');
    const now = Date.UTC(2026, 10, 23, 9);
    await seedDemoContent(db, now);
    const starts = db.column('SELECT starts_at FROM webinars') as number[];
    expect(new Set(starts.map((start) => formatMoscowTime(start)))).toEqual(
      new Set(['10:00 мск', '12:00 мск', '15:00 мск', '16:30 мск', '18:00 мск']),
    );
    expect(starts.filter((start) => moscowDate(start) === moscowDate(now))).toHaveLength(1);
  });

  it('a second start leaves what a user watched as it was', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, Date.UTC(2026, 10, 23, 9));
    db.prepare('UPDATE webinar_history SET position_seconds = 3, watched_seconds = 20').run();
    await seedDemoContent(db, Date.UTC(2026, 11, 23, 9));
    const history = db.prepare('SELECT position_seconds, watched_seconds FROM webinar_history').all();
    expect(history).toEqual([
      { position_seconds: 3, watched_seconds: 20 },
      { position_seconds: 3, watched_seconds: 20 },
    ]);
  });
});
