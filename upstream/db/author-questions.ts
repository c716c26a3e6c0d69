import type { AuthorQuestion, QuestionTopic } from '#contract';
import type { Db } from './open';

interface QuestionRow {
  id: number;
  topic: string;
  topic_title: string;
  text: string;
  status: AuthorQuestion['status'];
  asked_at: number;
  answer_text: string | null;
  answer_author: string | null;
  answered_at: number | null;
  unseen: 0 | 1;
}

const iso = (time: number) => new Date(time).toISOString();

function toQuestion(row: QuestionRow): AuthorQuestion {
  return {
    id: row.id,
    topic: { slug: row.topic, title: row.topic_title },
    text: row.text,
    status: row.status,
    askedAt: iso(row.asked_at),
    answer:
      row.answer_text === null
        ? null
        : { text: row.answer_text, author: row.answer_author ?? '', answeredAt: iso(row.answered_at ?? row.asked_at) },
    unseen: row.unseen === 1,
  };
}

const SELECT = `SELECT q.*, t.title AS topic_title FROM author_questions q
  JOIN author_question_topics t ON t.slug = q.topic`;

export function listQuestionTopics(db: Db): QuestionTopic[] {
  return db.prepare('SELECT slug, title FROM author_question_topics ORDER BY position').all() as QuestionTopic[];
}

/** The user's own questions, newest first. */
export function listAuthorQuestions(db: Db, userId: number): AuthorQuestion[] {
  const rows = db.prepare(`${SELECT} WHERE q.user_id = ? ORDER BY q.asked_at DESC, q.id DESC`).all(userId);
  return (rows as QuestionRow[]).map(toQuestion);
}

export function countOpenAuthorQuestions(db: Db, userId: number): number {
  return db.value("SELECT count(*) FROM author_questions WHERE user_id = ? AND status != 'answered'", userId) as number;
}

export function insertAuthorQuestion(
  db: Db,
  question: { userId: number; topic: string; text: string },
  now: number,
): AuthorQuestion {
  const { lastInsertRowid } = db
    .prepare("INSERT INTO author_questions (user_id, topic, text, status, asked_at) VALUES (?, ?, ?, 'sent', ?)")
    .run(question.userId, question.topic, question.text, now);
  return findAuthorQuestion(db, Number(lastInsertRowid))!;
}

export function findAuthorQuestion(db: Db, id: number): (AuthorQuestion & { userId: number }) | undefined {
  const row = db.prepare(`${SELECT} WHERE q.id = ?`).get(id) as (QuestionRow & { user_id: number }) | undefined;
  return row && { ...toQuestion(row), userId: row.user_id };
}

/**
 * What the authors change: a status, or an answer (which makes it answered). The user sees it as new until they have
 * looked.
 */
export function updateAuthorQuestion(
  db: Db,
  id: number,
  change: { status: 'sent' | 'in_work' } | { answer: { text: string; author: string } },
  now: number,
): void {
  if ('answer' in change) {
    db.prepare(
      `UPDATE author_questions SET status = 'answered', answer_text = ?, answer_author = ?, answered_at = ?, unseen = 1
       WHERE id = ?`,
    ).run(change.answer.text, change.answer.author, now, id);
  } else {
    db.prepare(
      `UPDATE author_questions SET status = ?, answer_text = NULL, answer_author = NULL, answered_at = NULL, unseen = 1
       WHERE id = ?`,
    ).run(change.status, id);
  }
}
