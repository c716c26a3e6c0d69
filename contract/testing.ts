import { z } from 'zod';
import { earnedCertificate } from './certificates';
import { call, noBody, noQuery } from './define';

/**
 * Tests (ADR 237): the portal's extension calls, in the provider's style. An attempt lives on the upstream, which
 * keeps its clock, its limits and its order of questions; whether an answer was right travels once the attempt is
 * finished, the right answers themselves only once the user has no attempt left.
 */

const id = z.number().int().positive();
const queryId = z.object({ id: z.coerce.number().int().positive() });
const instant = z.string().datetime({ offset: true });

/** The longest short-text answer: a word or two, a number, a date. */
export const TEXT_ANSWER_MAX = 200;

export const questionKind = z.enum(['single', 'multiple', 'text']);
export type QuestionKind = z.infer<typeof questionKind>;

const attemptStatus = z.enum(['in_progress', 'finished']);
/** Finished by the participant, or by the time limit (lazily, on the first call after the deadline). */
const finishReason = z.enum(['submitted', 'time_over']);

const score = z.object({
  points: z.number().int().nonnegative(),
  maxPoints: z.number().int().positive(),
  /** Rounded down, 0–100. */
  percent: z.number().int().min(0).max(100),
  passed: z.boolean(),
});

/** An attempt as lists show it: the answers counted, the time left, the score once finished. */
const attemptSummary = z.object({
  id,
  /** 1 for the first attempt at this test. */
  number: z.number().int().positive(),
  status: attemptStatus,
  startedAt: instant,
  finishedAt: instant.nullable(),
  finishReason: finishReason.nullable(),
  answeredCount: z.number().int().nonnegative(),
  /** The position of the first unanswered question (the last one when all are answered). */
  nextPosition: z.number().int().positive(),
  /** Seconds left when the upstream answered; null without a time limit or once finished. */
  remainingSeconds: z.number().int().nonnegative().nullable(),
  score: score.nullable(),
});
export type AttemptSummary = z.infer<typeof attemptSummary>;

const testSummary = z.object({
  id,
  title: z.string().min(1),
  theme: z.string().min(1),
  /** One or two sentences for the list. */
  lead: z.string().min(1),
  questionCount: z.number().int().positive(),
  timeLimitMinutes: z.number().int().positive().nullable(),
  maxAttempts: z.number().int().positive().nullable(),
  passPercent: z.number().int().min(1).max(100),
  attemptsUsed: z.number().int().nonnegative(),
  /** The unfinished attempt, if there is one: starting again resumes it. */
  current: attemptSummary.nullable(),
  /** The best finished attempt (highest score, the earliest of equals). */
  best: attemptSummary.nullable(),
});
export type TestSummary = z.infer<typeof testSummary>;

const testDetail = testSummary.extend({
  description: z.string().min(1),
  /** Every attempt, the latest first. */
  attempts: z.array(attemptSummary),
  /**
   * The certificate of the test passed (ADR 238): the first attempt that passed it earns it, and it stays the same
   * whatever later attempts score. Null while none has passed.
   */
  certificate: earnedCertificate.extend({ attemptId: id }).nullable().default(null),
});
export type TestDetail = z.infer<typeof testDetail>;

const option = z.object({ id, text: z.string().min(1) });

/** What the participant answered: chosen options for single and multiple choice, the text for a short answer. */
const givenAnswer = z.object({ optionIds: z.array(id), text: z.string() });

/** The right answer and why: it would hand the next attempt full marks, so it waits for the last one. */
const solution = z.object({
  rightOptionIds: z.array(id),
  /** The expected short answer (the first accepted form); null for choice questions. */
  rightText: z.string().nullable(),
  explanation: z.string().min(1),
});

/** Sent only for a finished attempt: right or wrong always, the solution only once no attempt remains. */
const review = z.object({
  correct: z.boolean(),
  solution: solution.nullable(),
});

const attemptQuestion = z.object({
  id,
  position: z.number().int().positive(),
  kind: questionKind,
  text: z.string().min(1),
  options: z.array(option),
  answer: givenAnswer.nullable(),
  review: review.nullable(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestion>;

/**
 * Whether a finished attempt's review may carry the right answers (Moodle's «right answer: after the quiz is
 * closed», with the last attempt as the close): only once the user has finished every attempt the test allows.
 * A test without an attempts limit never shows them — another attempt could always copy them.
 */
export function solutionsShown(attempt: { maxAttempts: number | null; attemptsFinished: number }): boolean {
  return attempt.maxAttempts !== null && attempt.attemptsFinished >= attempt.maxAttempts;
}

export const attempt = attemptSummary
  .extend({
    testId: id,
    testTitle: z.string().min(1),
    passPercent: z.number().int().min(1).max(100),
    maxAttempts: z.number().int().positive().nullable(),
    /** The user's finished attempts at this test (this one included once finished), as the upstream counted. */
    attemptsFinished: z.number().int().nonnegative(),
    questions: z.array(attemptQuestion).min(1),
  })
  .refine((a) => a.status === 'finished' || a.questions.every((q) => q.review === null), {
    message: 'the review is sent only for a finished attempt',
    path: ['questions'],
  })
  .refine((a) => solutionsShown(a) || a.questions.every((q) => q.review?.solution == null), {
    message: 'the right answers are sent only once no attempt remains',
    path: ['questions'],
  });
export type Attempt = z.infer<typeof attempt>;

export const testingCalls = {
  testsList: call({
    method: 'GET',
    path: '/rest/testing/list/',
    query: noQuery,
    body: noBody,
    result: z.object({ tests: z.array(testSummary) }),
    auth: 'required',
    extension: true,
  }),
  testById: call({
    method: 'GET',
    path: '/rest/testing/by/id/',
    query: queryId,
    body: noBody,
    result: testDetail,
    auth: 'required',
    extension: true,
  }),
  /** Starts an attempt, or returns the unfinished one (so a second tab or device resumes instead). */
  startAttempt: call({
    method: 'POST',
    path: '/rest/testing/attempt/start/',
    query: noQuery,
    body: z.object({ testId: id }),
    result: attempt,
    auth: 'required',
    extension: true,
  }),
  attemptById: call({
    method: 'GET',
    path: '/rest/testing/attempt/by/id/',
    query: queryId,
    body: noBody,
    result: attempt,
    auth: 'required',
    extension: true,
  }),
  /** Saves one answer (replacing an earlier one to the same question); a late answer finishes the attempt. */
  putAnswer: call({
    method: 'POST',
    path: '/rest/testing/attempt/answer/',
    query: noQuery,
    body: z.object({
      attemptId: id,
      questionId: id,
      optionIds: z.array(id).max(20).default([]),
      text: z.string().max(TEXT_ANSWER_MAX).default(''),
    }),
    result: z.object({ questionId: id, answeredCount: z.number().int().nonnegative(), savedAt: instant }),
    auth: 'required',
    extension: true,
  }),
  /** Finishes the attempt and scores it; finishing a finished attempt returns it as it is. */
  finishAttempt: call({
    method: 'POST',
    path: '/rest/testing/attempt/finish/',
    query: noQuery,
    body: z.object({ attemptId: id }),
    result: attempt,
    auth: 'required',
    extension: true,
  }),
} as const;
