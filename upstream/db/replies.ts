import type { ReplySection, UnseenReplies } from '#contract';
import type { Db } from './open';

/** The read receipts: what staff changed that the user has not seen yet, per section. */

const TABLES: Record<ReplySection, string> = {
  'author-questions': 'author_questions',
  support: 'support_requests',
};

export function countUnseen(db: Db, userId: number): UnseenReplies {
  const count = (table: string) =>
    db.value(`SELECT count(*) FROM ${table} WHERE user_id = ? AND unseen = 1`, userId) as number;
  return { authorQuestions: count(TABLES['author-questions']), support: count(TABLES.support) };
}

/** Only the user's own rows among `ids`; others' ids and unknown ones change nothing. */
export function markSeen(db: Db, userId: number, section: ReplySection, ids: number[]): void {
  const placeholders = ids.map(() => '?').join(', ');
  db.prepare(`UPDATE ${TABLES[section]} SET unseen = 0 WHERE user_id = ? AND id IN (${placeholders})`).run(
    userId,
    ...ids,
  );
}
