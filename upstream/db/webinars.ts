import type { CallResult } from '#contract';
import type { Db } from './open';
import { awardIfDue, creditReport } from './webinar-certificates';
import { minutes } from '#shared/time';

type Summary = CallResult<'webinarsList'>['past'][number];
type Detail = CallResult<'webinarById'>;
type Progress = NonNullable<Summary['progress']>;

interface WebinarRow {
  id: number;
  title: string;
  description: string;
  starts_at: number;
  duration_minutes: number;
  speakers: string;
  participants_count: number;
  recording_path: string | null;
  recording_type: string | null;
  recording_size: number | null;
  recording_seconds: number | null;
  broadcast_url: string | null;
  position_seconds: number | null;
  watched_seconds: number | null;
  updated_at: number | null;
}

const SELECT = `
  SELECT w.*, h.position_seconds, h.watched_seconds, h.updated_at
  FROM webinars w LEFT JOIN webinar_history h ON h.webinar_id = w.id AND h.user_id = ?`;

function toProgress(row: Pick<WebinarRow, 'position_seconds' | 'watched_seconds' | 'updated_at'>): Progress | null {
  if (row.position_seconds === null || row.watched_seconds === null || row.updated_at === null) return null;
  return {
    positionSeconds: row.position_seconds,
    watchedSeconds: row.watched_seconds,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function toSummary(row: WebinarRow): Summary {
  return {
    id: row.id,
    title: row.title,
    startsAt: new Date(row.starts_at).toISOString(),
    durationMinutes: row.duration_minutes,
    speakers: JSON.parse(row.speakers) as Summary['speakers'],
    participantsCount: row.participants_count,
    recordingSeconds: row.recording_seconds,
    progress: toProgress(row),
  };
}

/** A master class is past once its broadcast has ended; until then it is upcoming (or live). */
function hasEnded(row: WebinarRow, now: number): boolean {
  return row.starts_at + minutes(row.duration_minutes) <= now;
}

/** Upcoming ones soonest first, past ones latest first: what a teacher looks for at the top of each list. */
export function listWebinars(db: Db, userId: number, now: number) {
  const rows = db.prepare(`${SELECT} ORDER BY w.starts_at`).all(userId) as WebinarRow[];
  return {
    upcoming: rows.filter((row) => !hasEnded(row, now)).map(toSummary),
    past: rows
      .filter((row) => hasEnded(row, now))
      .reverse()
      .map(toSummary),
  };
}

export function findWebinar(db: Db, id: number, userId: number): Detail | undefined {
  const row = db.prepare(`${SELECT} WHERE w.id = ?`).get(userId, id) as WebinarRow | undefined;
  if (!row) return undefined;
  const recording =
    row.recording_path && row.recording_type && row.recording_size !== null
      ? {
          path: row.recording_path,
          name: `Мастер-класс «${row.title}».mp4`,
          size: row.recording_size,
          type: row.recording_type,
        }
      : null;
  // The certificate is the route's to add: its PDF needs more than the database.
  return {
    ...toSummary(row),
    description: row.description,
    recording,
    broadcastUrl: row.broadcast_url,
    certificate: null,
  };
}

/**
 * Position is the latest report (a deliberate seek back is kept); watched seconds only grow, so a report from a
 * tab left open on an older state never undoes what was watched elsewhere. Each report adds to the
 * watch time counted for the certificate what `creditReport` allows against the user's one watch clock, up to the
 * recording's length, and gives the certificate when the count reaches its share; one
 * transaction, so two reports at once count one after the other.
 */
export function saveHistoryTime(
  db: Db,
  entry: {
    userId: number;
    webinarId: number;
    positionSeconds: number;
    watchedSeconds: number;
    recordingSeconds: number;
  },
  now: number,
): Progress {
  return db.transaction(
    () => {
      const last = db.value(
        'SELECT position_seconds FROM webinar_history WHERE user_id = ? AND webinar_id = ?',
        entry.userId,
        entry.webinarId,
      ) as number | undefined;
      const clock = db.value('SELECT credited_until FROM webinar_watch_clocks WHERE user_id = ?', entry.userId) as
        number | undefined;
      const { counted, creditedUntil } = creditReport(last ?? null, clock ?? null, entry.positionSeconds, now);
      db.prepare(
        `INSERT INTO webinar_watch_clocks (user_id, credited_until) VALUES (?, ?)
         ON CONFLICT (user_id) DO UPDATE SET credited_until = excluded.credited_until`,
      ).run(entry.userId, creditedUntil);
      const row = db
        .prepare(
          `INSERT INTO webinar_history (user_id, webinar_id, position_seconds, watched_seconds, updated_at, counted_seconds)
           VALUES (@userId, @webinarId, @positionSeconds, @watchedSeconds, @now, min(@counted, @recordingSeconds))
           ON CONFLICT (user_id, webinar_id) DO UPDATE SET
             position_seconds = excluded.position_seconds,
             watched_seconds = max(watched_seconds, excluded.watched_seconds),
             updated_at = excluded.updated_at,
             counted_seconds = min(counted_seconds + @counted, @recordingSeconds)
           RETURNING position_seconds, watched_seconds, updated_at, counted_seconds`,
        )
        .get({ ...entry, now, counted }) as Pick<WebinarRow, 'position_seconds' | 'watched_seconds' | 'updated_at'> & {
        counted_seconds: number;
      };
      awardIfDue(db, { ...entry, countedSeconds: row.counted_seconds }, now);
      return toProgress(row)!;
    },
    { immediate: true },
  )();
}

/** The watch time counted for the user's certificate of a master class: 0 before any report. */
export function countedSecondsOf(db: Db, userId: number, webinarId: number): number {
  return (db.value(
    'SELECT counted_seconds FROM webinar_history WHERE user_id = ? AND webinar_id = ?',
    userId,
    webinarId,
  ) ?? 0) as number;
}
