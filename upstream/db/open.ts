import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { migrations, type Migration } from './migrations';
import { stemsOf } from './stems';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

type Params = SQLInputValue[] | [Record<string, SQLInputValue | undefined>, ...SQLInputValue[]];

/** A prepared statement as the queries use it: a row is `unknown` until the query's caller says what it is. */
export interface Statement {
  get(...params: Params): unknown;
  all(...params: Params): unknown[];
  run(...params: Params): { changes: number; lastInsertRowid: number };
}

/**
 * The reference upstream's database: Node's own `node:sqlite` (no native module to build for the
 * runtime), with the conveniences its queries use.
 *
 * - `prepare` keeps each statement by its text: every query is written as `db.prepare(sql)` where it runs, and
 *   SQLite's compiling of the text was the largest part of a call (a few hundred texts at most; the map is emptied
 *   past 1,000 all the same). Named parameters may come in an object that carries other fields too.
 * - `value` and `column` read the first column of the first row or of every row, from statements of their own that
 *   return arrays, so no mode set at one place leaks into another that runs the same text.
 * - `transaction(fn)` returns `fn` wrapped in a transaction, or in a savepoint when it runs inside another (the
 *   seed's do); `immediate` takes the write lock at once, for writers that read first (another process on the same
 *   file then waits instead of failing halfway).
 */
export class Db {
  readonly #db: DatabaseSync;
  #statements = new Map<string, StatementSync>();
  #arrays = new Map<string, StatementSync>();
  #depth = 0;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
    // The search index's Russian stems: its triggers call it, so every connection has it.
    this.#db.function('ru_stems', { deterministic: true }, (text) => stemsOf(typeof text === 'string' ? text : null));
  }

  prepare(sql: string): Statement {
    return kept(this.#statements, sql, () => this.#db.prepare(sql)) as unknown as Statement;
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  /** The first column of the first row, or `undefined` when there is no row. */
  value(sql: string, ...params: Params): SQLOutputValue | undefined {
    return (this.#array(sql).get(...params) as SQLOutputValue[] | undefined)?.[0];
  }

  /** The first column of every row. */
  column(sql: string, ...params: Params): SQLOutputValue[] {
    return (this.#array(sql).all(...params) as SQLOutputValue[][]).map((row) => row[0]!);
  }

  transaction<A extends unknown[], R>(fn: (...args: A) => R, { immediate = false } = {}): (...args: A) => R {
    return (...args) => {
      const outer = this.#depth === 0;
      const savepoint = `t${this.#depth}`;
      this.#db.exec(outer ? (immediate ? 'BEGIN IMMEDIATE' : 'BEGIN') : `SAVEPOINT ${savepoint}`);
      this.#depth++;
      try {
        const result = fn(...args);
        this.#db.exec(outer ? 'COMMIT' : `RELEASE ${savepoint}`);
        return result;
      } catch (error) {
        this.#db.exec(outer ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        throw error;
      } finally {
        this.#depth--;
      }
    };
  }

  /** The whole database as bytes (`databaseFrom` opens a copy). */
  serialize(): Uint8Array {
    return this.#db.serialize();
  }

  deserialize(bytes: Uint8Array): void {
    this.#statements.clear();
    this.#arrays.clear();
    this.#db.deserialize(bytes);
  }

  close(): void {
    this.#statements.clear();
    this.#arrays.clear();
    this.#db.close();
  }

  #array(sql: string): { get(...params: Params): unknown; all(...params: Params): unknown[] } {
    return kept(this.#arrays, sql, () => {
      const statement = this.#db.prepare(sql);
      statement.setReturnArrays(true);
      return statement;
    }) as unknown as Statement;
  }
}

function kept(statements: Map<string, StatementSync>, sql: string, make: () => StatementSync): StatementSync {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 1_000) statements.clear();
    statement = make();
    statement.setAllowUnknownNamedParameters(true);
    statements.set(sql, statement);
  }
  return statement;
}

/** Relative paths are taken from the repository root, so the file lands in the same place whatever the cwd. */
export function resolveDbPath(file: string): string {
  if (file === ':memory:') return file;
  return isAbsolute(file) ? file : resolve(REPO_ROOT, file);
}

/** Opens (creating if needed) the database and brings its schema up to date. */
export function openDatabase(file: string): Db {
  const path = resolveDbPath(file);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Db(path);
  // WAL lets the dev tools read while a request writes; busy_timeout covers a second process on the same file.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db);
  return db;
}

/** An in-memory database holding a copy of `bytes` (what `serialize()` gave), as it stands: no migration runs. */
export function databaseFrom(bytes: Uint8Array): Db {
  const db = new Db(':memory:');
  db.deserialize(bytes);
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

/**
 * Runs the migrations not yet applied, in the order of their ids whatever the list's order, and tolerates gaps:
 * branches take ids in parallel (13 and 14, say), so a database may hold 14 before 13 arrives, and 13 then runs
 * alone.
 */
export function migrate(db: Db, list: ReadonlyArray<Migration> = migrations): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(db.column('SELECT id FROM schema_migrations').map((id) => Number(id)));
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of [...list].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    db.transaction(
      () => {
        db.exec(migration.sql);
        record.run(migration.id, migration.name, Date.now());
      },
      { immediate: true },
    )();
    ran.push(migration.id);
  }
  return ran;
}
