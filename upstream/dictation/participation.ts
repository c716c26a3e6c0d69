import type { CallResult, DictationReading, DictationSession, ParticipationStatus } from '#contract';
import type { EventRow, ParticipationRow } from '../db/dictation';
import { toEvent } from '../db/dictation';
import { seconds } from '#shared/time';
import { errorsIn, gradeFor } from './review';
import { soundCheckOf } from './reading';

/** Where the upstream serves the sound check: one file for everyone, public like the voice it carries. */
export const SOUND_CHECK_PATH = '/files/dictation/sound-check.ogg';

/**
 * The rules of a participant's dictation, all on the upstream's clock: the time limit runs from the first
 * opening and never past the end of writing; the text is accepted until then; after that it counts as
 * submitted whether or not «Завершить» was pressed.
 */

/**
 * A save sent as the countdown reaches zero arrives a moment later: it is still taken for this long. The
 * deadline the portal shows is the real one.
 */
export const SAVE_GRACE = seconds(5);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function deadlineOf(row: ParticipationRow, event: EventRow): number | null {
  if (row.started_at === null) return null;
  return Math.min(row.started_at + row.time_limit_ms, event.writing_closes_at);
}

/** Whether a text sent now is still taken. */
export function acceptsText(row: ParticipationRow, event: EventRow, now: number): boolean {
  const deadline = deadlineOf(row, event);
  return row.finished_at === null && deadline !== null && now < deadline + SAVE_GRACE;
}

export function statusOf(row: ParticipationRow, event: EventRow, now: number): ParticipationStatus {
  const deadline = deadlineOf(row, event);
  if (row.finished_at !== null || (deadline !== null && now >= deadline + SAVE_GRACE)) {
    return now >= event.results_at ? 'checked' : 'submitted';
  }
  if (row.started_at !== null) return 'writing';
  return now >= event.writing_closes_at ? 'missed' : 'invited';
}

/** When the work was handed in: «Завершить», or the deadline when the time ran out first. */
function finishedAt(row: ParticipationRow, event: EventRow, now: number): number | null {
  if (row.finished_at !== null) return row.finished_at;
  const deadline = deadlineOf(row, event);
  return deadline !== null && now >= deadline + SAVE_GRACE ? deadline : null;
}

/** The session of an invitation code, with the reading the route found for it (null when there is none). */
export function toSession(
  row: ParticipationRow,
  event: EventRow,
  now: number,
  reading: DictationReading | null,
): DictationSession {
  return {
    participationId: row.id,
    event: toEvent(event, now),
    status: statusOf(row, event, now),
    text: row.text,
    revision: row.revision,
    savedAt: iso(row.saved_at),
    startedAt: iso(row.started_at),
    deadline: iso(deadlineOf(row, event)),
    serverTime: iso(now)!,
    reading,
    soundCheck: soundCheckFileOf(statusOf(row, event, now), event, now),
  };
}

/** The sound check's file while the dictation can be started or is being written. */
function soundCheckFileOf(status: ParticipationStatus, event: EventRow, now: number) {
  const open =
    status === 'writing' || (status === 'invited' && event.writing_opens_at <= now && now < event.writing_closes_at);
  const made = open ? soundCheckOf() : null;
  return made
    ? { path: SOUND_CHECK_PATH, name: 'Проверка звука.ogg', size: made.size, type: 'audio/ogg' as const }
    : null;
}

type Summary = CallResult<'myDictations'>['dictations'][number];

export function toSummary(row: ParticipationRow, event: EventRow, now: number): Summary {
  const status = statusOf(row, event, now);
  const errors = status === 'checked' ? errorsIn(event.reference_text, row.text) : null;
  return {
    id: row.id,
    event: toEvent(event, now),
    status,
    startedAt: iso(row.started_at),
    deadline: iso(deadlineOf(row, event)),
    finishedAt: iso(finishedAt(row, event, now)),
    errorsCount: errors,
    grade: errors === null ? null : gradeFor(errors),
  };
}
