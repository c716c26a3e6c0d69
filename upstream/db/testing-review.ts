import { solutionsShown, type Attempt, type AttemptQuestion } from '#contract';
import type { Db } from './open';
import { findAttemptRow, findTest, summarizeAttempt } from './testing';
import { listAnswers } from './testing-attempts';
import { listQuestions } from './testing-questions';
import { arrange } from './testing-layout';
import { isCorrect } from './testing-scoring';

/**
 * An attempt as its pages show it, in its own order: nothing judged while it is open; once finished,
 * right or wrong for each answer; the right answers and explanations only once the user has no attempt left, so a
 * blank first attempt cannot hand the second the answers to the same questions.
 */
export function readAttempt(db: Db, attemptId: number, now: number): Attempt {
  const row = findAttemptRow(db, attemptId);
  const test = row && findTest(db, row.test_id);
  if (!row || !test) throw new Error(`readAttempt: attempt ${attemptId} or its test is missing`);
  const summary = summarizeAttempt(row, test, now);
  const finished = summary.status === 'finished';
  const attemptsFinished = db.value(
    'SELECT count(*) FROM test_attempts WHERE user_id = ? AND test_id = ? AND finished_at IS NOT NULL',
    row.user_id,
    test.id,
  ) as number;
  const solved = finished && solutionsShown({ maxAttempts: test.max_attempts, attemptsFinished });
  const answers = listAnswers(db, attemptId);
  const questions = arrange(db, attemptId, listQuestions(db, test.id)).map((question): AttemptQuestion => {
    const answer = answers.get(question.id) ?? null;
    const solution = {
      rightOptionIds: question.rightOptionIds,
      rightText: question.kind === 'text' ? question.rightTexts[0]! : null,
      explanation: question.explanation,
    };
    return {
      id: question.id,
      position: question.position,
      kind: question.kind,
      text: question.text,
      options: question.options,
      answer,
      review: finished ? { correct: isCorrect(question, answer), solution: solved ? solution : null } : null,
    };
  });
  return {
    ...summary,
    testId: test.id,
    testTitle: test.title,
    passPercent: test.pass_percent,
    maxAttempts: test.max_attempts,
    attemptsFinished,
    questions,
  };
}
