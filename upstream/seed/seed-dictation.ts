import { moscowDate, moscowMidnight, moscowNoon } from '#shared/moscow-time';
import { days, hours, minutes } from '#shared/time';
import { createParticipation, upsertEvent } from '../db/dictation';
import { recordRegistration } from '../db/dictation-registration';
import type { Db } from '../db/open';
import { DICTATION_EVENTS, WRITTEN_TEXTS } from './seed-dictation-content';
import { findUserByEmail } from '../db/users';

/**
 * The dictation's demo: six events around today — two with published results, one being checked, the
 * one whose writing is open today, one open for registration (the spring one, written in spring) and one announced
 * after it — re-anchored on every start, and the demo users' dictations in them. What a user writes is never touched.
 */

type Schedule = [number, number, number, number];

/** Days from today: registration, writing opens, writing closes, results (event id → schedule). */
const SCHEDULE: Record<number, Schedule> = {
  1: [-430, -400, -398, -385],
  2: [-80, -60, -58, -45],
  3: [-20, 0, 3, 10],
  6: [-30, -5, -3, 4],
};
/** The event whose writing is open today. */
export const CURRENT_EVENT_ID = 3;
/** The spring event, open for registration: written in spring (its name says so), and the announced one after it. */
const SPRING_EVENT_ID = 4;
const ANNOUNCED_EVENT_ID = 5;
/** The spring event is written no sooner than this many days from today. */
const SPRING_AT_LEAST = 30;

/**
 * The days from `today` (a Moscow midnight) to the spring event's writing: SPRING_AT_LEAST days ahead when that
 * day falls in spring (March to May in Moscow), else the next 1 April.
 */
export function springWritingOffset(today: number): number {
  const earliest = today + days(SPRING_AT_LEAST);
  const [year, month] = moscowDate(earliest).split('-').map(Number) as [number, number];
  if (month >= 3 && month <= 5) return SPRING_AT_LEAST;
  const april = moscowMidnight(moscowNoon(`${month > 5 ? year + 1 : year}-04-01`));
  return Math.round((april - today) / days(1));
}

/** Each event's days from today: the fixed ones, the spring event in spring, the announced one after it. */
function scheduleOf(today: number): Record<number, Schedule> {
  const spring = springWritingOffset(today);
  return {
    ...SCHEDULE,
    [SPRING_EVENT_ID]: [-2, spring, spring + 1, spring + 10],
    [ANNOUNCED_EVENT_ID]: [spring + 30, spring + 60, spring + 61, spring + 70],
  };
}

/**
 * The demo users' dictations written in past events, and the teacher's registration for the next one, in this
 * order: on a new database they get ids 1–5 (the tests name them).
 */
const PAST = [
  { user: 'teacher', eventId: 1 },
  { user: 'teacher', eventId: 2 },
  { user: 'participant', eventId: 2 },
] as const;
const REGISTERED = { user: 'teacher', eventId: 4 } as const;
const BEING_CHECKED = { user: 'teacher', eventId: 6 } as const;

export function seedDictation(db: Db, now: number, emails: { teacher: string; participant: string }): void {
  const today = moscowMidnight(now);
  const at = (offsetDays: number) => today + days(offsetDays);
  const schedule = scheduleOf(today);
  db.transaction(() => {
    for (const event of DICTATION_EVENTS) {
      const [registration, opens, closes, results] = schedule[event.id]!;
      upsertEvent(db, {
        id: event.id,
        title: event.title,
        description: event.description,
        registration_opens_at: at(registration),
        writing_opens_at: at(opens),
        writing_closes_at: at(closes),
        results_at: at(results),
        time_limit_minutes: event.timeLimitMinutes,
        source: event.source,
        reference_text: event.referenceText,
      });
    }
    const users = {
      teacher: findUserByEmail(db, emails.teacher),
      participant: findUserByEmail(db, emails.participant),
    };
    const limitOf = (eventId: number) => minutes(DICTATION_EVENTS.find((e) => e.id === eventId)!.timeLimitMinutes);
    /** The user's first dictation of the event, made when missing: found by who and which, never by a fixed id. */
    const participationOf = (user: keyof typeof users, eventId: number): number | null => {
      const userId = users[user]?.id;
      if (userId === undefined) return null;
      const found = db.value(
        'SELECT id FROM dictation_participations WHERE user_id = ? AND event_id = ? ORDER BY id LIMIT 1',
        userId,
        eventId,
      ) as number | undefined;
      return found ?? createParticipation(db, { eventId, userId, timeLimitMs: limitOf(eventId) }, now);
    };
    const written = db.prepare(
      `UPDATE dictation_participations SET started_at = ?, text = ?, revision = 180, saved_at = ?, finished_at = ?
       WHERE id = ?`,
    );
    const writeDemoText = (entry: { user: 'teacher' | 'participant'; eventId: number }) => {
      const id = participationOf(entry.user, entry.eventId);
      if (id === null) return;
      // Ten in the morning of the writing day, forty minutes on the text: moved with the event's dates.
      const started = at(schedule[entry.eventId]![1]) + hours(10);
      const text = (WRITTEN_TEXTS[entry.user] as Record<number, string>)[entry.eventId]!;
      written.run(started, text, started + minutes(38), started + minutes(40), id);
    };
    PAST.forEach(writeDemoText);
    const registered = participationOf(REGISTERED.user, REGISTERED.eventId);
    // Registered as the portal's «Зарегистрироваться» would: registering again finds it and mails nothing.
    if (registered !== null) recordRegistration(db, users.teacher!.id, REGISTERED.eventId, registered, now);
    writeDemoText(BEING_CHECKED);
    for (const user of [users.teacher, users.participant]) {
      if (user) ensureOpenDictation(db, user.id, now);
    }
  })();
}

/**
 * Each demo user has a dictation of today's event that can still be written: a fresh one when the last was
 * finished or its time ran out, none when one is open — so the demo can be written again after any start.
 */
function ensureOpenDictation(db: Db, userId: number, now: number): void {
  const open = db
    .prepare(
      `SELECT 1 FROM dictation_participations WHERE user_id = ? AND event_id = ? AND finished_at IS NULL
       AND (started_at IS NULL OR started_at + time_limit_ms > ?)`,
    )
    .get(userId, CURRENT_EVENT_ID, now);
  if (!open) {
    const limit = minutes(DICTATION_EVENTS.find((e) => e.id === CURRENT_EVENT_ID)!.timeLimitMinutes);
    createParticipation(db, { eventId: CURRENT_EVENT_ID, userId, timeLimitMs: limit }, now);
  }
}
