import type { AttemptSummary, TestDetail, TestSummary } from '#contract';
import type { Db } from './open';
import { percentOf } from './testing-scoring';

/** Tests and the user's attempts at them, as lists show them. */

export interface TestRow {
  id: number;
  position: number;
  title: string;
  theme: string;
  lead: string;
  description: string;
  time_limit_minutes: number | null;
  max_attempts: number | null;
  pass_percent: number;
  question_count: number;
}

export interface AttemptRow {
  id: number;
  user_id: number;
  test_id: number;
  number: number;
  started_at: number;
  deadline_at: number | null;
  finished_at: number | null;
  finish_reason: 'submitted' | 'time_over' | null;
  points: number | null;
}

type AttemptListRow = AttemptRow & { answered: number; next_position: number | null };

const TEST_COLUMNS = `t.*, (SELECT count(*) FROM test_questions q WHERE q.test_id = t.id) AS question_count`;

/** Each attempt with its answers counted and its first unanswered question in its own order, in SQL. */
const ATTEMPT_COLUMNS = `a.*,
  (SELECT count(*) FROM test_answers x WHERE x.attempt_id = a.id) AS answered,
  (SELECT min(p.position) FROM test_attempt_questions p WHERE p.attempt_id = a.id AND NOT EXISTS
    (SELECT 1 FROM test_answers x WHERE x.attempt_id = a.id AND x.question_id = p.question_id)) AS next_position`;

export function findTest(db: Db, testId: number): TestRow | undefined {
  return db.prepare(`SELECT ${TEST_COLUMNS} FROM tests t WHERE t.id = ?`).get(testId) as TestRow | undefined;
}

export function summarizeAttempt(row: AttemptListRow, test: TestRow, now: number): AttemptSummary {
  const finished = row.finished_at !== null;
  const points = row.points ?? 0;
  const percent = percentOf(points, test.question_count);
  return {
    id: row.id,
    number: row.number,
    status: finished ? 'finished' : 'in_progress',
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: finished ? new Date(row.finished_at!).toISOString() : null,
    finishReason: row.finish_reason,
    answeredCount: row.answered,
    nextPosition: row.next_position ?? test.question_count,
    remainingSeconds:
      finished || row.deadline_at === null ? null : Math.max(0, Math.ceil((row.deadline_at - now) / 1000)),
    score: finished ? { points, maxPoints: test.question_count, percent, passed: percent >= test.pass_percent } : null,
  };
}

export function listAttemptRows(db: Db, userId: number, testId?: number): AttemptListRow[] {
  const where = testId === undefined ? 'a.user_id = ?' : 'a.user_id = ? AND a.test_id = ?';
  const params = testId === undefined ? [userId] : [userId, testId];
  return db
    .prepare(`SELECT ${ATTEMPT_COLUMNS} FROM test_attempts a WHERE ${where} ORDER BY a.number DESC`)
    .all(...params) as AttemptListRow[];
}

export function findAttemptRow(db: Db, attemptId: number): AttemptListRow | undefined {
  return db.prepare(`SELECT ${ATTEMPT_COLUMNS} FROM test_attempts a WHERE a.id = ?`).get(attemptId) as
    AttemptListRow | undefined;
}

function summarizeTest(test: TestRow, attempts: AttemptListRow[], now: number): TestSummary {
  const summaries = attempts.map((row) => summarizeAttempt(row, test, now));
  const finished = summaries.filter((attempt) => attempt.score !== null);
  // Latest first, so the earliest of equal scores is the last one reduce meets with `>=`.
  const best = finished.reduce<AttemptSummary | null>(
    (top, attempt) => (top === null || attempt.score!.points >= top.score!.points ? attempt : top),
    null,
  );
  return {
    id: test.id,
    title: test.title,
    theme: test.theme,
    lead: test.lead,
    questionCount: test.question_count,
    timeLimitMinutes: test.time_limit_minutes,
    maxAttempts: test.max_attempts,
    passPercent: test.pass_percent,
    attemptsUsed: attempts.length,
    current: summaries.find((attempt) => attempt.status === 'in_progress') ?? null,
    best,
  };
}

export function listTests(db: Db, userId: number, now: number): TestSummary[] {
  const tests = db.prepare(`SELECT ${TEST_COLUMNS} FROM tests t ORDER BY t.position`).all() as TestRow[];
  const attempts = listAttemptRows(db, userId);
  return tests.map((test) =>
    summarizeTest(
      test,
      attempts.filter((row) => row.test_id === test.id),
      now,
    ),
  );
}

export function findTestDetail(db: Db, userId: number, testId: number, now: number): TestDetail | undefined {
  const test = findTest(db, testId);
  if (!test) return undefined;
  const attempts = listAttemptRows(db, userId, testId);
  return {
    ...summarizeTest(test, attempts, now),
    description: test.description,
    attempts: attempts.map((row) => summarizeAttempt(row, test, now)),
    certificate: null,
  };
}
