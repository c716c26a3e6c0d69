import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moscowMidnight } from '#shared/moscow-time';
import { days, hours, minutes } from '#shared/time';
import type { Db } from '../db/open';
import { WEBINAR_CLOSINGS, WEBINAR_PARTICIPANTS, WEBINAR_SPEAKERS, WEBINAR_TOPICS } from './seed-webinars-content';
import { findUserByEmail } from '../db/users';
import { awardIfDue } from '../db/webinar-certificates';

/** The one demo recording, reused by every past master class. */
const RECORDING = { path: '/files/webinars/master-class.mp4', type: 'video/mp4', seconds: 24 } as const;
const RECORDING_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'files', 'webinars', 'master-class.mp4');

/** Master classes start at these Moscow times. */
const START_TIMES = [hours(10), hours(12), hours(15), hours(16) + minutes(30), hours(18)];
const DURATIONS_MINUTES = [60, 90, 45];
/** The 22nd master class is today's; earlier ones are past (every third day back), later ones upcoming. */
const TODAY_INDEX = 21;
const DAYS_APART = 3;

/** Everything about the i-th master class that does not move with the calendar. */
function contentOf(index: number) {
  const [title, lead] = WEBINAR_TOPICS[index]!;
  const first = WEBINAR_SPEAKERS[index % WEBINAR_SPEAKERS.length]!;
  const second = WEBINAR_SPEAKERS[(index + 5) % WEBINAR_SPEAKERS.length]!;
  return {
    id: index + 1,
    title,
    description: `${lead}\n\n${WEBINAR_CLOSINGS[index % WEBINAR_CLOSINGS.length]}`,
    durationMinutes: DURATIONS_MINUTES[index % DURATIONS_MINUTES.length]!,
    speakers: JSON.stringify(index % 3 === 0 ? [first, second] : [first]),
    participantsCount: WEBINAR_PARTICIPANTS[index % WEBINAR_PARTICIPANTS.length]!,
  };
}

/**
 * Idempotent, and alive whenever the demo starts: the 40 master classes are inserted once, and on every start
 * their dates are re-anchored on today (with the recording for the ones now in the past), so a database seeded
 * months ago still shows upcoming ones. Viewing history, the users' data, is never touched.
 */
export function seedWebinars(db: Db, now: number): void {
  const size = statSync(RECORDING_FILE).size;
  const today = moscowMidnight(now);
  const upsert = db.prepare(
    `INSERT INTO webinars (id, title, description, starts_at, duration_minutes, speakers, participants_count,
       recording_path, recording_type, recording_size, recording_seconds, broadcast_url)
     VALUES (@id, @title, @description, @startsAt, @durationMinutes, @speakers, @participantsCount,
       @recordingPath, @recordingType, @recordingSize, @recordingSeconds, @broadcastUrl)
     ON CONFLICT (id) DO UPDATE SET starts_at = excluded.starts_at, recording_path = excluded.recording_path,
       recording_type = excluded.recording_type, recording_size = excluded.recording_size,
       recording_seconds = excluded.recording_seconds, broadcast_url = excluded.broadcast_url`,
  );
  WEBINAR_TOPICS.forEach((_, index) => {
    const dayOffset = (index - TODAY_INDEX) * DAYS_APART;
    const recorded = dayOffset < 0;
    const webinar = contentOf(index);
    upsert.run({
      ...webinar,
      startsAt: today + days(dayOffset) + START_TIMES[index % START_TIMES.length]!,
      recordingPath: recorded ? RECORDING.path : null,
      recordingType: recorded ? RECORDING.type : null,
      recordingSize: recorded ? size : null,
      recordingSeconds: recorded ? RECORDING.seconds : null,
      broadcastUrl: recorded ? null : `https://live.example.org/master-classes/${webinar.id}`,
    });
  });
  seedTeacherHistory(db, now);
}

/**
 * The demo teacher has started two recordings, so the list shows progress from the first visit, and watched one
 * of them through, counted as watched, so the cabinet holds its certificate.
 */
function seedTeacherHistory(db: Db, now: number): void {
  const teacher = findUserByEmail(db, 'teacher@example.org');
  if (!teacher) return;
  const insert = db.prepare(
    `INSERT OR IGNORE INTO webinar_history
       (user_id, webinar_id, position_seconds, watched_seconds, updated_at, counted_seconds)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  // Master classes 20 and 18: the two latest recordings but one (the end-to-end tests watch others).
  insert.run(teacher.id, 20, 10, 10, now - days(2), 10);
  if (insert.run(teacher.id, 18, RECORDING.seconds, RECORDING.seconds, now - days(6), RECORDING.seconds).changes) {
    const watched = { userId: teacher.id, webinarId: 18, recordingSeconds: RECORDING.seconds };
    awardIfDue(db, { ...watched, countedSeconds: RECORDING.seconds }, now - days(6));
  }
}
