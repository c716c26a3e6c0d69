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
  return db
    .prepare("SELECT count(*) FROM author_questions WHERE user_id = ? AND status != 'answered'")
    .pluck()
    .get(userId) as number;
}

export function insertAuthorQuestion(
  db: Db,
  question: { userId: number; topic: string; text: string },
  now: number,
): AuthorQuestion {
  const { lastInsertRowid } = db
    .prepare("INSERT INTO author_questions (user_id, topic, text, status, asked_at) VALUES (?, ?, ?, 'sent', ?)")
    .run(question.userId, question.topic, question.text, now);
  return toQuestion(db.prepare(`${SELECT} WHERE q.id = ?`).get(lastInsertRowid) as QuestionRow);
}
