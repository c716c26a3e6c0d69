import type { Random } from '../random';
import { minutes } from '#shared/time';
import type { Db } from './open';
import type { AttemptRow, TestRow } from './testing';
import { insertLayout } from './testing-layout';
import { listQuestions } from './testing-questions';
import { isCorrect, type Given } from './testing-scoring';

/** Attempts: started, answered question by question, finished by the user or by their deadline. */

export function listAnswers(db: Db, attemptId: number): Map<number, Given> {
  const rows = db
    .prepare('SELECT question_id, option_ids, text FROM test_answers WHERE attempt_id = ?')
    .all(attemptId) as Array<{ question_id: number; option_ids: string; text: string }>;
  return new Map(rows.map((row) => [row.question_id, { optionIds: JSON.parse(row.option_ids), text: row.text }]));
}

/** Scores and closes an attempt; `finishedAt` is the deadline itself when the time ran out. */
export function closeAttempt(db: Db, attempt: AttemptRow, reason: 'submitted' | 'time_over', finishedAt: number) {
  const answers = listAnswers(db, attempt.id);
  const points = listQuestions(db, attempt.test_id).filter((q) => isCorrect(q, answers.get(q.id) ?? null)).length;
  db.prepare(
    `UPDATE test_attempts SET finished_at = ?, finish_reason = ?, points = ? WHERE id = ? AND finished_at IS NULL`,
  ).run(finishedAt, reason, points, attempt.id);
}

/** The user's attempts whose deadline has passed are finished now, as of their deadline. */
export function expireOverdue(db: Db, userId: number, now: number): void {
  const overdue = db
    .prepare('SELECT * FROM test_attempts WHERE user_id = ? AND finished_at IS NULL AND deadline_at <= ?')
    .all(userId, now) as AttemptRow[];
  for (const attempt of overdue) closeAttempt(db, attempt, 'time_over', attempt.deadline_at!);
}

/** The user's own attempt: someone else's is as unknown as a missing one. */
export function findOwnAttempt(db: Db, userId: number, attemptId: number): AttemptRow | undefined {
  return db.prepare('SELECT * FROM test_attempts WHERE id = ? AND user_id = ?').get(attemptId, userId) as
    AttemptRow | undefined;
}

export function countAnswers(db: Db, attemptId: number): number {
  return db.value('SELECT count(*) FROM test_answers WHERE attempt_id = ?', attemptId) as number;
}

export function findOpenAttempt(db: Db, userId: number, testId: number): AttemptRow | undefined {
  return db
    .prepare('SELECT * FROM test_attempts WHERE user_id = ? AND test_id = ? AND finished_at IS NULL')
    .get(userId, testId) as AttemptRow | undefined;
}

export function countAttempts(db: Db, userId: number, testId: number): number {
  return db.value('SELECT count(*) FROM test_attempts WHERE user_id = ? AND test_id = ?', userId, testId) as number;
}

/** A new attempt with its own order of questions and options. */
export function insertAttempt(db: Db, userId: number, test: TestRow, now: number, random: Random): number {
  const number = countAttempts(db, userId, test.id) + 1;
  const deadline = test.time_limit_minutes === null ? null : now + minutes(test.time_limit_minutes);
  const { lastInsertRowid } = db
    .prepare('INSERT INTO test_attempts (user_id, test_id, number, started_at, deadline_at) VALUES (?, ?, ?, ?, ?)')
    .run(userId, test.id, number, now, deadline);
  insertLayout(db, Number(lastInsertRowid), listQuestions(db, test.id), random);
  return Number(lastInsertRowid);
}

/** A second answer to the same question replaces the first. */
export function saveAnswer(db: Db, attemptId: number, questionId: number, given: Given, now: number): void {
  db.prepare(
    `INSERT INTO test_answers (attempt_id, question_id, option_ids, text, answered_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (attempt_id, question_id) DO UPDATE
       SET option_ids = excluded.option_ids, text = excluded.text, answered_at = excluded.answered_at`,
  ).run(attemptId, questionId, JSON.stringify(given.optionIds), given.text, now);
}
