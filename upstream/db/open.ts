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
  migrate(db);
  return db;
}
