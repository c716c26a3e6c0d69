import { seconds } from '#shared/time';
import type { Db } from './open';

/**
 * The certificate for watching a master class's recording (ADR 054). The player's `watchedSeconds` is the
 * furthest point it claims to have reached, which a seek or one forged report moves to the end; what counts for
 * a certificate is the upstream's own tally instead: each report adds how far the place moved forward since the
 * report before, but never more than the real time between the two (plus a second for the player's rounding) and
 * never more than one report's worth of playback (the player reports every 15 s). Watching at normal speed
 * counts in full; a jump, a forged position or a sped-up playback counts only the time it really took.
 */

/** The share of a recording that must be counted: 80 %. */
export const WATCH_SHARE = 0.8;

/** The player reports every 15 s of playback; one report never counts for more, the rounding allowed for. */
export const REPORT_MAX_SECONDS = 16;

/** Seconds of a recording to be counted for its certificate: 80 % of its length, rounded up. */
export function neededSecondsOf(recordingSeconds: number): number {
  return Math.ceil(recordingSeconds * WATCH_SHARE);
}

/** What the report before left: the place and when it was reported; null for the first report. */
export interface LastReport {
  positionSeconds: number;
  at: number;
}

/** The seconds one report adds to the tally (see the module's comment). */
export function countedByReport(last: LastReport | null, positionSeconds: number, now: number): number {
  const moved = positionSeconds - (last?.positionSeconds ?? 0);
  const realTime = last === null ? REPORT_MAX_SECONDS : Math.floor(Math.max(0, now - last.at) / seconds(1)) + 1;
  return Math.max(0, Math.min(moved, realTime, REPORT_MAX_SECONDS));
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
