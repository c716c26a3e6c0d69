import { randomToken, sha256 } from '../crypto';
import { days } from '#shared/time';
import type { Db } from './open';

/** The refresh token lives as long as the portal's refresh cookie (docs/product.md §9). */
export const REFRESH_TOKEN_LIFETIME_MS = days(365);

export interface ActiveSession {
  sessionId: number;
  userId: number;
}

export interface IssuedTokens {
  sessionId: number;
  authToken: string;
  refreshToken: string;
}

export function issueAuthToken(db: Db, sessionId: number, now: number, ttlMs: number): string {
  const token = randomToken();
  // Expired tokens of the session are useless; dropping them here keeps the table from growing with every refresh.
  db.prepare('DELETE FROM auth_tokens WHERE session_id = ? AND expires_at <= ?').run(sessionId, now);
  db.prepare('INSERT INTO auth_tokens (token_hash, session_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    sha256(token),
    sessionId,
    now,
    now + ttlMs,
  );
  return token;
}

/** A login: a new session holding one refresh token, and its first auth token. */
export function startSession(db: Db, userId: number, now: number, authTtlMs: number): IssuedTokens {
  const refreshToken = randomToken();
  return db.transaction(() => {
    const { id } = db
      .prepare(
        `INSERT INTO sessions (user_id, refresh_token_hash, created_at, refresh_expires_at)
         VALUES (?, ?, ?, ?) RETURNING id`,
      )
      .get(userId, sha256(refreshToken), now, now + REFRESH_TOKEN_LIFETIME_MS) as { id: number };
    return { sessionId: id, refreshToken, authToken: issueAuthToken(db, id, now, authTtlMs) };
  })();
}

export function findSessionByAuthToken(db: Db, authToken: string, now: number): ActiveSession | undefined {
  return db
    .prepare(
      `SELECT s.id AS sessionId, s.user_id AS userId
       FROM auth_tokens t JOIN sessions s ON s.id = t.session_id
       WHERE t.token_hash = ? AND t.expires_at > ? AND s.revoked_at IS NULL`,
    )
    .get(sha256(authToken), now) as ActiveSession | undefined;
}

export function findSessionByRefreshToken(db: Db, refreshToken: string, now: number): ActiveSession | undefined {
  return db
    .prepare(
      `SELECT id AS sessionId, user_id AS userId FROM sessions
       WHERE refresh_token_hash = ? AND refresh_expires_at > ? AND revoked_at IS NULL`,
    )
    .get(sha256(refreshToken), now) as ActiveSession | undefined;
}

/** Revoking the session is what kills both its refresh token and every auth token issued under it. */
export function revokeSession(db: Db, sessionId: number, now: number): void {
  db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now, sessionId);
}

export function revokeUserSessions(db: Db, userId: number, now: number): number {
  return db.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').run(now, userId)
    .changes;
}
