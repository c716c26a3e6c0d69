import { createParticipation, issueCode } from './dictation';
import type { Db } from './open';

/** Registrations for a dictation (the migration «dictation registrations»): one per user and event. */

export interface Registration {
  participationId: number;
  /** Returned once, when the registration is new: the personal link's code to mail to `mailedTo`. */
  code: string | null;
}

/**
 * Registers the user, or finds the registration made before (or a dictation of the event given to the user
 * otherwise, the seed's): the row's key makes two registrations racing each
 * other end in one dictation and one code.
 */
export function registerUser(
  db: Db,
  entry: { userId: number; eventId: number; timeLimitMs: number; mailedTo: string },
  now: number,
): Registration {
  return db.transaction(
    (): Registration => {
      const found = db.value(
        'SELECT participation_id FROM dictation_registrations WHERE user_id = ? AND event_id = ?',
        entry.userId,
        entry.eventId,
      ) as number | undefined;
      if (found !== undefined) return { participationId: found, code: null };
      // A dictation the organisers already gave the user in this event (the seed's) counts as the registration.
      const given = db.value(
        'SELECT max(id) FROM dictation_participations WHERE user_id = ? AND event_id = ?',
        entry.userId,
        entry.eventId,
      ) as number | null;
      if (given !== null) {
        recordRegistration(db, entry.userId, entry.eventId, given, now);
        return { participationId: given, code: null };
      }
      const participationId = createParticipation(db, entry, now);
      db.prepare(
        `INSERT INTO dictation_registrations (user_id, event_id, participation_id, registered_at) VALUES (?, ?, ?, ?)`,
      ).run(entry.userId, entry.eventId, participationId, now);
      return { participationId, code: issueCode(db, participationId, now, entry.mailedTo) };
    },
    { immediate: true },
  )();
}

/** The seed's registrations: a participation already made for the user counts as registered. */
export function recordRegistration(db: Db, userId: number, eventId: number, participationId: number, now: number) {
  db.prepare(
    `INSERT INTO dictation_registrations (user_id, event_id, participation_id, registered_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, event_id) DO NOTHING`,
  ).run(userId, eventId, participationId, now);
}
