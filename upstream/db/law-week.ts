import type { LawWeekDay, LawWeekMaterial, LawWeekTheme } from '#contract';
import { moscowDate, moscowMidnight } from '#shared/moscow-time';
import { days, minutes } from '#shared/time';
import type { Db } from './open';

/** The week is placed around the current day: three days before it, today, three after (as the weekly program). */
const TODAY_POSITION = 3;

interface EventRow {
  id: number;
  day_position: number;
  starts_minute: number;
  duration_minutes: number;
  title: string;
  kind: string;
  format: 'online' | 'offline';
  speaker: string;
  place: string | null;
  link: string | null;
}

interface MaterialRow extends LawWeekMaterial {
  owner: number;
}

/** Every material of the events (or the themes), grouped by its owner's id, in their order. */
function materialsBy(db: Db, column: 'event_id' | 'theme_id'): Map<number, LawWeekMaterial[]> {
  const rows = db
    .prepare(
      `SELECT ${column} AS owner, id, path, name, size, type FROM law_week_materials
       WHERE ${column} IS NOT NULL ORDER BY ${column}, position`,
    )
    .all() as MaterialRow[];
  const grouped = new Map<number, LawWeekMaterial[]>();
  for (const { owner, ...material } of rows) {
    const materials = grouped.get(owner) ?? [];
    materials.push(material);
    grouped.set(owner, materials);
  }
  return grouped;
}

/**
 * The programme, dated on every read around the current day, so the demo always shows past, today's and coming
 * events however long ago the database was seeded.
 */
export function listLawWeekProgram(db: Db, now: number): LawWeekDay[] {
  const today = moscowMidnight(now);
  const dayRows = db.prepare('SELECT position, title FROM law_week_days ORDER BY position').all() as Array<{
    position: number;
    title: string;
  }>;
  const events = db
    .prepare('SELECT * FROM law_week_events ORDER BY day_position, starts_minute, id')
    .all() as EventRow[];
  const materials = materialsBy(db, 'event_id');
  return dayRows.map(({ position, title }) => {
    const midnight = today + days(position - TODAY_POSITION);
    return {
      date: moscowDate(midnight),
      title,
      events: events
        .filter((event) => event.day_position === position)
        .map((event) => {
          const startsAt = midnight + minutes(event.starts_minute);
          return {
            id: event.id,
            startsAt: new Date(startsAt).toISOString(),
            endsAt: new Date(startsAt + minutes(event.duration_minutes)).toISOString(),
            title: event.title,
            kind: event.kind,
            format: event.format,
            speaker: event.speaker,
            place: event.place,
            link: event.link,
            materials: materials.get(event.id) ?? [],
          };
        }),
    };
  });
}

export function listLawWeekThemes(db: Db): LawWeekTheme[] {
  const rows = db.prepare('SELECT id, title, description FROM law_week_themes ORDER BY position').all() as Array<
    Omit<LawWeekTheme, 'materials'>
  >;
  const materials = materialsBy(db, 'theme_id');
  return rows.map((theme) => ({ ...theme, materials: materials.get(theme.id) ?? [] }));
}
