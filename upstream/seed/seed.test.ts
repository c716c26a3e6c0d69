import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../crypto';
import { migrate, openDatabase, type Db } from '../db/open';
import { DEMO_USERS, seedDemoContent } from './seed';
import { findUserByEmail } from '../db/users';

function counts(db: Db) {
  const tables = db.column("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") as string[];
  return Object.fromEntries(tables.map((t) => [t, db.value(`SELECT count(*) FROM ${t}`)]));
}

describe('schema and seed', () => {
  it('applies every migration once and records it', () => {
    const db = openDatabase(':memory:');
    expect(db.column('SELECT id FROM schema_migrations ORDER BY id')).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(migrate(db)).toEqual([]);
  });

  it('seeds the demo users, and seeding again changes nothing', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, 1);
    const first = counts(db);
    expect(first.users).toBe(3);
    await seedDemoContent(db, 2);
    expect(counts(db)).toEqual(first);
  });

  it('makes the documented credentials work', async () => {
    const db = openDatabase(':memory:');
    await seedDemoContent(db, 1);
    for (const user of Object.values(DEMO_USERS)) {
      const row = findUserByEmail(db, user.email);
      expect(row?.role).toBe(user.role);
      expect(await verifyPassword(user.password, row?.password_hash ?? '')).toBe(true);
    }
    expect(findUserByEmail(db, DEMO_USERS.teacher.email)).toMatchObject({
      first_name: 'Анна',
      middle_name: 'Сергеевна',
      last_name: 'Иванова',
      phone: '79001234567',
      city: 'Москва',
      organization: 'Школа № 1',
    });
  });
});
