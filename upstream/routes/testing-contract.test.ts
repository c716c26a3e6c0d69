import { describe, expect, it } from 'vitest';
import { attempt, testingCalls } from '#contract';

const question = {
  id: 101,
  position: 1,
  kind: 'single',
  text: 'С какого возраста гражданин полностью дееспособен?',
  options: [{ id: 1011, text: '18 лет' }],
  answer: { optionIds: [1011], text: '' },
  review: { correct: true, solution: { rightOptionIds: [1011], rightText: null, explanation: 'Статья 21 ГК РФ.' } },
};
const base = {
  id: 7,
  number: 1,
  startedAt: '2026-11-23T09:00:00.000Z',
  answeredCount: 1,
  nextPosition: 1,
  testId: 1,
  testTitle: 'Основы права',
  passPercent: 70,
  maxAttempts: 3,
};
const finished = {
  ...base,
  status: 'finished',
  finishedAt: '2026-11-23T09:05:00.000Z',
  finishReason: 'submitted',
  remainingSeconds: null,
  score: { points: 1, maxPoints: 1, percent: 100, passed: true },
  attemptsFinished: 3,
  questions: [question],
};
const verdictOnly = { ...question, review: { correct: true, solution: null } };

describe('testing calls', () => {
  it('are the portal’s extensions under /rest/testing/, each for a signed-in user', () => {
    for (const [name, def] of Object.entries(testingCalls)) {
      expect(def.extension, name).toBe(true);
      expect(def.path, name).toMatch(/^\/rest\/testing\/[a-z/]+\/$/);
      expect(def.auth, name).toBe('required');
      expect(def.method, name).toBe(name.startsWith('tests') || name.endsWith('ById') ? 'GET' : 'POST');
    }
  });

  it('refuse an unfinished attempt that carries a review', () => {
    expect(attempt.safeParse(finished).success).toBe(true);
    const open = { ...finished, status: 'in_progress', finishedAt: null, finishReason: null, score: null };
    expect(attempt.safeParse(open).success).toBe(false);
    expect(attempt.safeParse({ ...open, questions: [verdictOnly] }).success).toBe(false);
    expect(attempt.safeParse({ ...open, questions: [{ ...question, review: null }] }).success).toBe(true);
  });

  it('refuse a finished attempt that carries the right answers while attempts remain', () => {
    const early = { ...finished, attemptsFinished: 2 };
    expect(attempt.safeParse(early).success).toBe(false);
    expect(attempt.safeParse({ ...early, questions: [verdictOnly] }).success).toBe(true);
    const unlimited = { ...finished, maxAttempts: null, attemptsFinished: 5 };
    expect(attempt.safeParse(unlimited).success).toBe(false);
    expect(attempt.safeParse({ ...unlimited, questions: [verdictOnly] }).success).toBe(true);
  });

  it('take an answer as options or a bounded text, and read ids from the query as numbers', () => {
    const body = testingCalls.putAnswer.body;
    expect(body.parse({ attemptId: 7, questionId: 101, text: 'Дума' })).toEqual({
      attemptId: 7,
      questionId: 101,
      optionIds: [],
      text: 'Дума',
    });
    expect(body.safeParse({ attemptId: 7, questionId: 101, text: 'я'.repeat(201) }).success).toBe(false);
    expect(body.safeParse({ attemptId: 0, questionId: 101 }).success).toBe(false);
    expect(testingCalls.testById.query.parse({ id: '12' })).toEqual({ id: 12 });
  });
});
