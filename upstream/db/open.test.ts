import { describe, expect, it } from 'vitest';
import { openDatabase } from './open';

describe('the upstream database', () => {
  it('prepares a statement once per text and hands it out in its default mode', () => {
    const db = openDatabase(':memory:');
    db.exec("CREATE TABLE kept (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO kept (name) VALUES ('Анна')");
    const sql = 'SELECT id, name FROM kept ORDER BY id LIMIT 1';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);
    expect(db.prepare(sql).pluck().get()).toBe(1);
    // The same text elsewhere gets rows again, not the pluck of the place before.
    expect(db.prepare(sql).get()).toEqual({ id: 1, name: 'Анна' });
    // Statements that return nothing are kept as they are.
    const insert = 'INSERT INTO kept (name) VALUES (?)';
    db.prepare(insert).run('Борис');
    expect(db.prepare(insert).run('Вера').lastInsertRowid).toBe(3);
    db.close();
  });
});
