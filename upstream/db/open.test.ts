import { describe, expect, it } from 'vitest';
import { openDatabase } from './open';

describe('the upstream database', () => {
  it('prepares a statement once per text, and reads single values without changing it', () => {
    const db = openDatabase(':memory:');
    db.exec("CREATE TABLE kept (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO kept (name) VALUES ('Анна')");
    const sql = 'SELECT id, name FROM kept ORDER BY id LIMIT 1';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);
    expect(db.value(sql)).toBe(1);
    // The same text elsewhere gets rows again, not the first column of the place before.
    expect(db.prepare(sql).get()).toEqual({ id: 1, name: 'Анна' });
    const insert = 'INSERT INTO kept (name) VALUES (?)';
    db.prepare(insert).run('Борис');
    expect(db.prepare(insert).run('Вера').lastInsertRowid).toBe(3);
    expect(db.column('SELECT name FROM kept ORDER BY id')).toEqual(['Анна', 'Борис', 'Вера']);
    expect(db.value('SELECT name FROM kept WHERE id = ?', 99)).toBeUndefined();
    // Named parameters may come with other fields, as the routes pass whole objects.
    expect(db.prepare('SELECT name FROM kept WHERE id = @id').get({ id: 2, other: 'x' })).toEqual({ name: 'Борис' });
    db.close();
  });

  it('runs a transaction inside another, and rolls back only the one that failed', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE kept (name TEXT NOT NULL)');
    const add = (name: string) => db.prepare('INSERT INTO kept (name) VALUES (?)').run(name);
    db.transaction(() => {
      add('внешняя');
      expect(() =>
        db.transaction(() => {
          add('внутренняя');
          throw new Error('отказ');
        })(),
      ).toThrow('отказ');
      db.transaction(() => add('вторая внутренняя'))();
    })();
    expect(db.column('SELECT name FROM kept')).toEqual(['внешняя', 'вторая внутренняя']);
    expect(() =>
      db.transaction(() => {
        add('потерянная');
        throw new Error('отказ');
      })(),
    ).toThrow('отказ');
    expect(db.value('SELECT count(*) FROM kept')).toBe(2);
    db.close();
  });
});
