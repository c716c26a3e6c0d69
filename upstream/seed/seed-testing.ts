import { seededRandom } from '../random';
import { days, hours, minutes } from '#shared/time';
import type { Db } from '../db/open';
import { SEED_TESTS } from './seed-testing-content';
import { closeAttempt, saveAnswer } from '../db/testing-attempts';
import { listQuestions, type Question } from '../db/testing-questions';
import { arrange, insertLayout } from '../db/testing-layout';
import type { AttemptRow } from '../db/testing';
import { findUserByEmail } from '../db/users';

/** Option ids are derived from the question's: question 305's options are 3051, 3052, … */
const optionId = (questionId: number, index: number) => questionId * 10 + index + 1;
/** Question ids are derived from the test's: the fifth question of test 3 is 305. */
const questionId = (testId: number, position: number) => testId * 100 + position;

/**
 * The tests (their content updated on every start, so a corrected question reaches an old database), then each
 * demo user's history: one passed test, one failed and one left half-way (a test without a time limit, so it is
 * still open whenever the demo starts). Users' attempts, seeded or real, are never touched once they exist.
 */
export function seedTesting(db: Db, now: number): void {
  db.transaction(() => {
    upsertTests(db);
    seedHistory(db, now, 'teacher@example.org', [
      { testId: 3, skill: 0.9, finishedDaysAgo: 12 },
      { testId: 10, skill: 0.3, finishedDaysAgo: 4 },
      { testId: 5, skill: 0.8, finishedDaysAgo: null },
    ]);
    seedHistory(db, now, 'participant@example.org', [
      { testId: 11, skill: 0.95, finishedDaysAgo: 9 },
      { testId: 6, skill: 0.35, finishedDaysAgo: 3 },
      { testId: 8, skill: 0.8, finishedDaysAgo: null },
    ]);
  })();
}

function upsertTests(db: Db): void {
  const upsertTest = db.prepare(
    `INSERT INTO tests (id, position, title, theme, lead, description, time_limit_minutes, max_attempts, pass_percent)
     VALUES (@id, @position, @title, @theme, @lead, @description, @timeLimitMinutes, @maxAttempts, @passPercent)
     ON CONFLICT (id) DO UPDATE SET position = excluded.position, title = excluded.title, theme = excluded.theme,
       lead = excluded.lead, description = excluded.description, time_limit_minutes = excluded.time_limit_minutes,
       max_attempts = excluded.max_attempts, pass_percent = excluded.pass_percent`,
  );
  const upsertQuestion = db.prepare(
    `INSERT INTO test_questions (id, test_id, position, kind, text, options, right_option_ids, right_texts, explanation)
     VALUES (@id, @testId, @position, @kind, @text, @options, @right, @accept, @explanation)
     ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, text = excluded.text, options = excluded.options,
       right_option_ids = excluded.right_option_ids, right_texts = excluded.right_texts,
       explanation = excluded.explanation`,
  );
  SEED_TESTS.forEach(({ questions, ...test }, index) => {
    const id = index + 1;
    upsertTest.run({ ...test, id, position: index });
    questions.forEach((question, at) => {
      const qid = questionId(id, at + 1);
      upsertQuestion.run({
        id: qid,
        testId: id,
        position: at + 1,
        kind: question.kind,
        text: question.text,
        options: JSON.stringify(question.options.map((text, n) => ({ id: optionId(qid, n), text }))),
        right: JSON.stringify(question.right.map((n) => optionId(qid, n))),
        accept: JSON.stringify(question.accept),
        explanation: question.explanation,
      });
    });
  });
}

interface DemoAttempt {
  testId: number;
  /** The chance of each answer being right. */
  skill: number;
  /** Null for an attempt left open (two thirds of its questions answered). */
  finishedDaysAgo: number | null;
}

function seedHistory(db: Db, now: number, email: string, attempts: DemoAttempt[]): void {
  const user = findUserByEmail(db, email);
  if (!user) return;
  const random = seededRandom(user.id * 7919);
  // A stream of its own, so the answers drawn (and so each demo score) do not depend on the shuffle.
  const shuffle = seededRandom(user.id * 104729);
  for (const { testId, skill, finishedDaysAgo } of attempts) {
    const taken = db.prepare('SELECT 1 FROM test_attempts WHERE user_id = ? AND test_id = ?').get(user.id, testId);
    if (taken) continue;
    const startedAt = now - days(finishedDaysAgo ?? 1) - hours(2);
    const { lastInsertRowid } = db
      .prepare('INSERT INTO test_attempts (user_id, test_id, number, started_at) VALUES (?, ?, 1, ?)')
      .run(user.id, testId, startedAt);
    insertLayout(db, Number(lastInsertRowid), listQuestions(db, testId), shuffle);
    const questions = arrange(db, Number(lastInsertRowid), listQuestions(db, testId));
    const answered = finishedDaysAgo === null ? questions.slice(0, Math.ceil((questions.length * 2) / 3)) : questions;
    answered.forEach((question, n) => {
      saveAnswer(
        db,
        Number(lastInsertRowid),
        question.id,
        answerOf(question, random() < skill),
        startedAt + minutes(n),
      );
    });
    if (finishedDaysAgo !== null) {
      const row = db.prepare('SELECT * FROM test_attempts WHERE id = ?').get(lastInsertRowid) as AttemptRow;
      closeAttempt(db, row, 'submitted', startedAt + minutes(questions.length + 1));
    }
  }
}

/** A right answer, or a wrong one: the first wrong option, or «не знаю» for a short answer. */
function answerOf(question: Question, right: boolean) {
  if (question.kind === 'text') return { optionIds: [], text: right ? question.rightTexts[0]! : 'не знаю' };
  if (right) return { optionIds: question.rightOptionIds, text: '' };
  const wrong = question.options.find((option) => !question.rightOptionIds.includes(option.id))!;
  return { optionIds: [wrong.id], text: '' };
}
