import type { DictationEvent } from '#contract';
import { randomToken, sha256 } from '../crypto';
import type { Db } from './open';

/** The dictation's rows (migration 6): events, participations and the invitation codes that open them. */

export interface EventRow {
  id: number;
  title: string;
  description: string;
  registration_opens_at: number;
  writing_opens_at: number;
  writing_closes_at: number;
  results_at: number;
  time_limit_minutes: number;
  source: string;
  reference_text: string;
}

export interface ParticipationRow {
  id: number;
  event_id: number;
  user_id: number | null;
  time_limit_ms: number;
  created_at: number;
  started_at: number | null;
  text: string;
  revision: number;
  saved_at: number | null;
  finished_at: number | null;
}

export type NewEvent = Omit<EventRow, 'id'> & { id: number };

const iso = (ms: number) => new Date(ms).toISOString();

/** The event as the contract gives it; the text's source stays secret until the results are out. */
export function toEvent(row: EventRow, now: number): DictationEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    registrationOpensAt: iso(row.registration_opens_at),
    writingOpensAt: iso(row.writing_opens_at),
    writingClosesAt: iso(row.writing_closes_at),
    resultsAt: iso(row.results_at),
    timeLimitMinutes: row.time_limit_minutes,
    source: now >= row.results_at ? row.source : null,
  };
}

export function listEvents(db: Db): EventRow[] {
  return db.prepare('SELECT * FROM dictation_events ORDER BY writing_opens_at DESC').all() as EventRow[];
}

export function findEvent(db: Db, id: number): EventRow | undefined {
  return db.prepare('SELECT * FROM dictation_events WHERE id = ?').get(id) as EventRow | undefined;
}

/** Inserted once by id; later starts move only the dates, so the calendar follows today. */
export function upsertEvent(db: Db, event: NewEvent): void {
  db.prepare(
    `INSERT INTO dictation_events (id, title, description, registration_opens_at, writing_opens_at,
       writing_closes_at, results_at, time_limit_minutes, source, reference_text)
     VALUES (@id, @title, @description, @registration_opens_at, @writing_opens_at, @writing_closes_at,
       @results_at, @time_limit_minutes, @source, @reference_text)
     ON CONFLICT (id) DO UPDATE SET registration_opens_at = excluded.registration_opens_at,
       writing_opens_at = excluded.writing_opens_at, writing_closes_at = excluded.writing_closes_at,
       results_at = excluded.results_at`,
  ).run(event);
}

export function findParticipation(db: Db, id: number): ParticipationRow | undefined {
  return db.prepare('SELECT * FROM dictation_participations WHERE id = ?').get(id) as ParticipationRow | undefined;
}

/**
 * The participation an invitation code opens; codes are stored as hashes only. A mailed code opens it only while
 * the participant's address is the one it was mailed to.
 */
export function findByCode(db: Db, code: string): ParticipationRow | undefined {
  return db
    .prepare(
      `SELECT p.* FROM dictation_invitations i JOIN dictation_participations p ON p.id = i.participation_id
       WHERE i.code_hash = ?
         AND (i.email IS NULL OR i.email = (SELECT u.email FROM users u WHERE u.id = p.user_id))`,
    )
    .get(sha256(code)) as ParticipationRow | undefined;
}

/** The user's dictations, the latest event first. */
export function listUserParticipations(db: Db, userId: number): ParticipationRow[] {
  return db
    .prepare(
      `SELECT p.* FROM dictation_participations p JOIN dictation_events e ON e.id = p.event_id
       WHERE p.user_id = ? ORDER BY e.writing_opens_at DESC, p.id DESC`,
    )
    .all(userId) as ParticipationRow[];
}

export function createParticipation(
  db: Db,
  entry: { id?: number; eventId: number; userId: number | null; timeLimitMs: number },
  now: number,
): number {
  const result = db
    .prepare(
      `INSERT INTO dictation_participations (id, event_id, user_id, time_limit_ms, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .run(entry.id ?? null, entry.eventId, entry.userId, entry.timeLimitMs, now);
  return entry.id ?? Number(result.lastInsertRowid);
}

/**
 * A new code for the participation; earlier ones keep working. Returned once, stored as its hash. `mailedTo`:
 * the address a code to be mailed goes to, which it is bound to (`retireMailedLinks`); none for the cabinet's.
 */
export function issueCode(db: Db, participationId: number, now: number, mailedTo: string | null = null): string {
  const code = randomToken();
  db.prepare(
    'INSERT INTO dictation_invitations (code_hash, participation_id, created_at, email) VALUES (?, ?, ?, ?)',
  ).run(sha256(code), participationId, now, mailedTo);
  return code;
}

/** The clock starts at the first opening; later openings change nothing. */
export function startParticipation(db: Db, id: number, now: number): void {
  db.prepare('UPDATE dictation_participations SET started_at = ? WHERE id = ? AND started_at IS NULL').run(now, id);
}

/**
 * Stores the text if its revision is above the stored one, in one statement, so two saves racing each other
 * cannot both win: the higher revision stays whatever order they arrive in.
 */
export function saveText(db: Db, id: number, text: string, revision: number, now: number): ParticipationRow {
  db.prepare(
    `UPDATE dictation_participations SET text = ?, revision = ?, saved_at = ?
     WHERE id = ? AND revision < ? AND finished_at IS NULL`,
  ).run(text, revision, now, id, revision);
  return findParticipation(db, id)!;
}

export function finishParticipation(db: Db, id: number, now: number): ParticipationRow {
  db.prepare('UPDATE dictation_participations SET finished_at = ? WHERE id = ? AND finished_at IS NULL').run(now, id);
  return findParticipation(db, id)!;
}
