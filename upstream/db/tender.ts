import type { SentQuestion } from '#contract';
import type { Db } from './open';

export function findTenderQuestion(db: Db, userId: number): SentQuestion | null {
  const row = db.prepare('SELECT text, sent_at FROM tender_questions WHERE user_id = ?').get(userId) as
    { text: string; sent_at: number } | undefined;
  return row ? { text: row.text, sentAt: new Date(row.sent_at).toISOString() } : null;
}

/** Returns false when the user has asked already (the primary key decides, so two tabs cannot both ask). */
export function insertTenderQuestion(db: Db, userId: number, text: string, now: number): boolean {
  const { changes } = db
    .prepare('INSERT INTO tender_questions (user_id, text, sent_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
    .run(userId, text, now);
  return changes === 1;
}
