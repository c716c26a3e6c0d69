import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DAYS, EVENTS, THEMES, type FileKind, type Material } from './law-week-content';
import type { Db } from '../db/open';

/**
 * The law week's demo content: seven days of events and a dozen themes, with materials that reuse the
 * small real files the scenarios ship. Rows have fixed ids, so a second start inserts nothing; the dates are
 * computed on every read (db/law-week.ts), and the files' sizes are read from the files at every start.
 */

const FILES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'files');

const FILES = {
  pdf: { path: '/files/scenarios/lesson-plan.pdf', type: 'application/pdf' },
  docx: {
    path: '/files/scenarios/worksheet.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    path: '/files/scenarios/budget.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  jpg: { path: '/files/scenarios/cover.jpg', type: 'image/jpeg' },
  png: { path: '/files/scenarios/scheme.png', type: 'image/png' },
  webp: { path: '/files/scenarios/poster.webp', type: 'image/webp' },
  svg: { path: '/files/scenarios/map.svg', type: 'image/svg+xml' },
} as const satisfies Record<FileKind, { path: string; type: string }>;

function minuteOf(at: string): number {
  const [hours, minutes] = at.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Inserts what is missing of the law week and refreshes every material's size from its file. */
export function seedLawWeek(db: Db): void {
  const sizes = Object.fromEntries(
    Object.entries(FILES).map(([kind, file]) => [
      kind,
      statSync(resolve(FILES_DIR, file.path.slice('/files/'.length))).size,
    ]),
  ) as Record<FileKind, number>;
  const insertDay = db.prepare('INSERT OR IGNORE INTO law_week_days (position, title) VALUES (?, ?)');
  const insertEvent = db.prepare(
    `INSERT OR IGNORE INTO law_week_events
       (id, day_position, starts_minute, duration_minutes, title, kind, format, speaker, place, link)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTheme = db.prepare(
    'INSERT OR IGNORE INTO law_week_themes (id, position, title, description) VALUES (?, ?, ?, ?)',
  );
  const upsertMaterial = db.prepare(
    `INSERT INTO law_week_materials (id, event_id, theme_id, position, name, path, size, type)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET size = excluded.size`,
  );
  let materialId = 0;
  const addMaterials = (owner: { event?: number; theme?: number }, materials: Material[] = []) =>
    materials.forEach((name, position) => {
      const kind = name.split('.').pop() as FileKind;
      const file = FILES[kind];
      materialId += 1;
      upsertMaterial.run(
        materialId,
        owner.event ?? null,
        owner.theme ?? null,
        position,
        name,
        file.path,
        sizes[kind],
        file.type,
      );
    });

  db.transaction(() => {
    DAYS.forEach((title, position) => insertDay.run(position, title));
    EVENTS.forEach((event, index) => {
      const online = event.where.startsWith('https://');
      insertEvent.run(
        index + 1,
        event.day,
        minuteOf(event.at),
        event.minutes,
        event.title,
        event.kind,
        online ? 'online' : 'offline',
        event.speaker,
        online ? null : event.where,
        online ? event.where : null,
      );
      addMaterials({ event: index + 1 }, event.materials);
    });
    THEMES.forEach((theme, index) => {
      insertTheme.run(index + 1, index, theme.title, theme.description);
      addMaterials({ theme: index + 1 }, theme.materials);
    });
  })();
}
