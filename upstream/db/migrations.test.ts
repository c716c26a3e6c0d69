import { describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import { migrate, openDatabase } from './open';

const step = (id: number) => ({ id, name: `step ${id}`, sql: `INSERT INTO steps (id) VALUES (${id});` });

describe('the migration runner', () => {
  it('runs what is missing in the order of the ids, and tolerates a gap filled later', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE steps (n INTEGER PRIMARY KEY AUTOINCREMENT, id INTEGER NOT NULL)');
    // A branch that took 14 and 16 while another took 15: listed out of order, with a gap.
    expect(migrate(db, [step(1000016), step(1000014)])).toEqual([1000014, 1000016]);
    expect(db.column('SELECT id FROM steps ORDER BY n')).toEqual([1000014, 1000016]);
    // The other branch merged: only the missing one runs, though a later id already has.
    expect(migrate(db, [step(1000014), step(1000016), step(1000015)])).toEqual([1000015]);
    expect(db.column('SELECT id FROM steps ORDER BY n')).toEqual([1000014, 1000016, 1000015]);
    expect(migrate(db, [step(1000015), step(1000014), step(1000016)])).toEqual([]);
    db.close();
  });

  it('keeps the released ids unique', () => {
    const ids = migrations.map((migration) => migration.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the certificate codes through the rebuild of migration 14, and takes the new kinds', () => {
    const db = openDatabase(':memory:');
    db.prepare('DELETE FROM schema_migrations WHERE id = 14').run();
    db.exec(`DROP TABLE webinar_certificates; DROP TABLE certificate_codes;
      ALTER TABLE webinar_history DROP COLUMN counted_seconds;
      CREATE TABLE certificate_codes (code TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('offline', 'dictation')), ref INTEGER NOT NULL,
        issued_at INTEGER NOT NULL, UNIQUE (kind, ref));
      INSERT INTO certificate_codes VALUES ('kept', 'dictation', 2, 5);`);
    expect(() => db.exec("INSERT INTO certificate_codes VALUES ('new', 'test', 1, 6)")).toThrow();
    expect(migrate(db)).toEqual([14]);
    expect(db.prepare('SELECT * FROM certificate_codes').all()).toEqual([
      { code: 'kept', kind: 'dictation', ref: 2, issued_at: 5 },
    ]);
    db.exec("INSERT INTO certificate_codes VALUES ('new', 'test', 1, 6)");
    expect(() => db.exec("INSERT INTO certificate_codes VALUES ('bad', 'other', 1, 6)")).toThrow();
    db.close();
  });
});
