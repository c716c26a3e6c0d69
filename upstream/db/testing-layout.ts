import { shuffled, type Random } from '../random';
import type { Db } from './open';
import type { Question } from './testing-questions';

/**
 * The order an attempt shows its questions and their options in: shuffled once when the attempt starts
 * and stored, so a reload, a second tab or another device shows the same order, and the next attempt another.
 */

export function insertLayout(db: Db, attemptId: number, questions: Question[], random: Random): void {
  const insert = db.prepare(
    'INSERT INTO test_attempt_questions (attempt_id, position, question_id, option_ids) VALUES (?, ?, ?, ?)',
  );
  shuffled(questions, random).forEach((question, index) => {
    const optionIds = shuffled(
      question.options.map((option) => option.id),
      random,
    );
    insert.run(attemptId, index + 1, question.id, JSON.stringify(optionIds));
  });
}

/** The attempt's questions in its order, each with its position in it and its options in its order. */
export function arrange(db: Db, attemptId: number, questions: Question[]): Question[] {
  const rows = db
    .prepare(
      'SELECT position, question_id, option_ids FROM test_attempt_questions WHERE attempt_id = ? ORDER BY position',
    )
    .all(attemptId) as Array<{ position: number; question_id: number; option_ids: string }>;
  const byId = new Map(questions.map((question) => [question.id, question]));
  return rows.map((row) => {
    // The layout's rows go with their question (ON DELETE CASCADE).
    const question = byId.get(row.question_id)!;
    const order: number[] = JSON.parse(row.option_ids);
    // An option added to the question after the attempt started goes last rather than missing.
    const rank = (id: number) => (order.includes(id) ? order.indexOf(id) : order.length);
    const options = [...question.options].sort((a, b) => rank(a.id) - rank(b.id));
    return { ...question, position: row.position, options };
  });
}
