import type { SavedDayLink, WeekDay } from '#contract';
import { moscowDate, moscowMidnight } from '#shared/moscow-time';
import { days } from '#shared/time';
import type { Db } from './open';

/** The seven days are placed around today: three before it, today, three after. */
const TODAY_POSITION = 3;

interface DayRow {
  id: number;
  position: number;
  title: string;
  description: string;
  task: string;
}

/**
 * The week is dated on every read, around the current day, so the demo always shows closed, open and coming
 * days however long ago the database was seeded; the links users sent stay with their day.
 */
export function listWeekDays(db: Db, now: number): WeekDay[] {
  const today = moscowMidnight(now);
  const rows = db.prepare('SELECT * FROM week_days ORDER BY position').all() as DayRow[];
  return rows.map((row) => {
    const opensAt = today + days(row.position - TODAY_POSITION);
    return {
      id: row.id,
      date: moscowDate(opensAt),
      title: row.title,
      description: row.description,
      task: row.task,
      opensAt: new Date(opensAt).toISOString(),
      closesAt: new Date(opensAt + days(1)).toISOString(),
    };
  });
}

export function listDayLinks(db: Db, userId: number): SavedDayLink[] {
  const rows = db
    .prepare('SELECT day_id, link, saved_at FROM week_links WHERE user_id = ? ORDER BY day_id')
    .all(userId) as Array<{ day_id: number; link: string; saved_at: number }>;
  return rows.map((row) => ({ dayId: row.day_id, link: row.link, savedAt: new Date(row.saved_at).toISOString() }));
}

/** A second link for the same day replaces the first: the participant corrects it. */
export function saveDayLink(db: Db, userId: number, dayId: number, link: string, now: number): SavedDayLink {
  db.prepare(
    `INSERT INTO week_links (user_id, day_id, link, saved_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, day_id) DO UPDATE SET link = excluded.link, saved_at = excluded.saved_at`,
  ).run(userId, dayId, link, now);
  return { dayId, link, savedAt: new Date(now).toISOString() };
}

export function insertWeekDayIfMissing(db: Db, position: number, day: Omit<DayRow, 'id' | 'position'>): void {
  db.prepare(
    `INSERT INTO week_days (position, title, description, task) VALUES (?, ?, ?, ?)
     ON CONFLICT (position) DO NOTHING`,
  ).run(position, day.title, day.description, day.task);
}
