import type { Db } from './open';

export function recordTransition(db: Db, code: string, userId: number | null, now: number): void {
  db.prepare('INSERT INTO analytics_transitions (code, user_id, created_at) VALUES (?, ?, ?)').run(code, userId, now);
}
