import { seconds } from '#shared/time';
import type { Db } from './open';

/**
 * The certificate for watching a master class's recording (ADR 238). The player's `watchedSeconds` is the
 * furthest point it claims to have reached, which a seek or one forged report moves to the end; what counts for
 * a certificate is the upstream's own tally instead. Each user has one watch clock: the moment up to which their
 * real time has been credited. A report adds how far the place moved forward since the report before, but never
 * more than the whole seconds of real time since the clock (the remainder carries to the next report), and never
 * more than one report's worth of playback (the player reports every 15 s); the clock moves on by what was
 * counted. So watching at normal speed counts in full; a jump, a forged position or a sped-up playback counts only
 * the time it really took; two recordings played at once share one clock, so together they count real time once.
 * The first report of a recording counts nothing and starts the clock, as does a report that moved nothing (a
 * start of playback, a seek back): no report is credited time from before it. The clock never lags real time by
 * more than one report's worth, so time spent away is not banked either.
 */

/** The share of a recording that must be counted: 80 %. */
export const WATCH_SHARE = 0.8;

/** The player reports every 15 s of playback; one report never counts for more, the rounding allowed for. */
export const REPORT_MAX_SECONDS = 16;

/** Seconds of a recording to be counted for its certificate: 80 % of its length, rounded up. */
export function neededSecondsOf(recordingSeconds: number): number {
  return Math.ceil(recordingSeconds * WATCH_SHARE);
}

export interface Credit {
  /** Seconds this report adds to the recording's tally. */
  counted: number;
  /** The user's watch clock after it (epoch ms). */
  creditedUntil: number;
}

/**
 * What one report adds (see the module's comment): `lastPosition` is the place the report before on this
 * recording left (null for its first), `creditedUntil` the user's watch clock (null before any report).
 */
export function creditReport(
  lastPosition: number | null,
  creditedUntil: number | null,
  positionSeconds: number,
  now: number,
): Credit {
  if (lastPosition === null || creditedUntil === null) return { counted: 0, creditedUntil: now };
  const moved = positionSeconds - lastPosition;
  if (moved <= 0) return { counted: 0, creditedUntil: Math.max(creditedUntil, now) };
  const from = Math.max(creditedUntil, now - seconds(REPORT_MAX_SECONDS));
  const realSeconds = Math.floor(Math.max(0, now - from) / seconds(1));
  const counted = Math.min(moved, realSeconds, REPORT_MAX_SECONDS);
  return { counted, creditedUntil: from + seconds(counted) };
}

export interface WebinarCertificateRow {
  id: number;
  user_id: number;
  webinar_id: number;
  issued_at: number;
}

export function findWebinarCertificate(db: Db, userId: number, webinarId: number) {
  return db
    .prepare('SELECT * FROM webinar_certificates WHERE user_id = ? AND webinar_id = ?')
    .get(userId, webinarId) as WebinarCertificateRow | undefined;
}

export function findWebinarCertificateById(db: Db, id: number) {
  return db.prepare('SELECT * FROM webinar_certificates WHERE id = ?').get(id) as WebinarCertificateRow | undefined;
}

/** The user's master-class certificates, newest first. */
export function listWebinarCertificates(db: Db, userId: number) {
  return db
    .prepare('SELECT * FROM webinar_certificates WHERE user_id = ? ORDER BY issued_at DESC, id DESC')
    .all(userId) as WebinarCertificateRow[];
}

/** Gives the certificate once the tally reaches what is needed; the first time only, so its date stays. */
export function awardIfDue(
  db: Db,
  entry: { userId: number; webinarId: number; countedSeconds: number; recordingSeconds: number },
  now: number,
): void {
  if (entry.countedSeconds < neededSecondsOf(entry.recordingSeconds)) return;
  db.prepare('INSERT OR IGNORE INTO webinar_certificates (user_id, webinar_id, issued_at) VALUES (?, ?, ?)').run(
    entry.userId,
    entry.webinarId,
    now,
  );
}
