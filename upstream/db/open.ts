import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

export type Db = Database.Database;

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Relative paths are taken from the repository root, so the file lands in the same place whatever the cwd. */
export function resolveDbPath(file: string): string {
  if (file === ':memory:') return file;
  return isAbsolute(file) ? file : resolve(REPO_ROOT, file);
}

/** Opens (creating if needed) the database and brings its schema up to date. */
export function openDatabase(file: string): Db {
  const path = resolveDbPath(file);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL lets the dev tools read while a request writes; busy_timeout covers a second process on the same file.
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  keepPreparedStatements(db);
  migrate(db);
  return db;
}

/**
 * Every query of the upstream is written as `db.prepare(sql)` where it runs, and SQLite's compiling of the text
 * was the largest part of a call. The database keeps each statement it has prepared, by its text (a few hundred
 * texts at most: the map is emptied past 1,000 all the same), and hands it out again in its default mode, so a
 * `.pluck()` at one place never leaks into another that runs the same text.
 */
function keepPreparedStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 1_000) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    } else if (statement.reader) {
      statement.pluck(false).expand(false).raw(false);
    }
    return statement;
  }) as Db['prepare'];
}
