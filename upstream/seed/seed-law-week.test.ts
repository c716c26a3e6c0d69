import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { days } from '#shared/time';
import { openDatabase } from '../db/open';
import { DEMO_USERS, seedDemoContent } from './seed';

const FILES = resolve(import.meta.dirname, '..', 'files');
const start = Date.UTC(2026, 10, 23, 9);
const count = (db: ReturnType<typeof openDatabase>, table: string) =>
  db.value(`SELECT count(*) FROM ${table}`) as number;
const TABLES = [
  'law_week_days',
  'law_week_events',
  'law_week_themes',
  'law_week_materials',
  'author_questions',
  'support_requests',
];

describe('the law week, author questions and support seeds', () => {
  it('seed a week of events, a dozen themes, real files, and questions and requests for both demo users', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, start);
    expect(count(db, 'law_week_days')).toBe(7);
    expect(count(db, 'law_week_events')).toBeGreaterThanOrEqual(14);
    expect(count(db, 'law_week_themes')).toBeGreaterThanOrEqual(12);
    const materials = db.prepare('SELECT DISTINCT path, size FROM law_week_materials').all() as Array<{
      path: string;
      size: number;
    }>;
    for (const { path, size } of materials)
      expect(statSync(resolve(FILES, path.slice('/files/'.length))).size).toBe(size);
    const perUser = (table: string, status: string) =>
      db
        .prepare(
          `SELECT u.email, group_concat(DISTINCT t.status) FROM ${table} t JOIN users u ON u.id = t.user_id
                  GROUP BY u.email ORDER BY u.email`,
        )
        .all()
        .map((row) => Object.values(row as object) as [string, string])
        .map(([email, statuses]) => [email, statuses.split(',').includes(status)]);
    expect(perUser('author_questions', 'answered')).toEqual([
      [DEMO_USERS.participant.email, true],
      [DEMO_USERS.teacher.email, true],
    ]);
    expect(perUser('support_requests', 'resolved')).toEqual([
      [DEMO_USERS.participant.email, true],
      [DEMO_USERS.teacher.email, true],
    ]);
  });

  it('add nothing on a second start, keep the users’ own rows, and move the seeded dates along', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, start);
    db.prepare(
      "INSERT INTO support_requests (user_id, topic, message, status, created_at, updated_at) VALUES (1, 'bug', 'Своё обращение пользователя', 'new', 1, 1)",
    ).run();
    const before = TABLES.map((table) => count(db, table));
    const asked = () => db.value('SELECT asked_at FROM author_questions WHERE id = 1') as number;
    const first = asked();
    await seedDemoContent(db, start + days(30));
    expect(TABLES.map((table) => count(db, table))).toEqual(before);
    expect(asked()).toBe(first + days(30));
    expect(db.value("SELECT count(*) FROM support_requests WHERE message = 'Своё обращение пользователя'")).toBe(1);
  });
});
