import { describe, expect, it } from 'vitest';
import type { AttemptQuestion, AttemptSummary, TestSummary } from '#contract';
import {
  describeLimits,
  describeReview,
  describeReviewRule,
  describeStatus,
  describeTimeLeft,
  mayStartAgain,
} from './test-status';

const attempt: AttemptSummary = {
  id: 3,
  number: 1,
  status: 'in_progress',
  startedAt: '2026-11-23T09:00:00.000Z',
  finishedAt: null,
  finishReason: null,
  answeredCount: 6,
  nextPosition: 7,
  remainingSeconds: 754,
  score: null,
};
const test: TestSummary = {
  id: 5,
  title: 'Выборы в России',
  theme: 'Выборы',
  lead: 'Кто и как избирает.',
  questionCount: 8,
  timeLimitMinutes: 15,
  maxAttempts: 3,
  passPercent: 70,
  attemptsUsed: 1,
  current: attempt,
  best: null,
};
const question: AttemptQuestion = {
  id: 501,
  position: 1,
  kind: 'single',
  text: 'С какого возраста можно голосовать на выборах?',
  options: [{ id: 1, text: '18 лет' }],
  answer: { optionIds: [1], text: '' },
  review: null,
};
const finished = (points: number, passed: boolean): AttemptSummary => ({
  ...attempt,
  status: 'finished',
  remainingSeconds: null,
  score: { points, maxPoints: 8, percent: Math.floor((points * 100) / 8), passed },
});

describe('a test’s state in words', () => {
  it('says the limits with their plurals, and when there are none', () => {
    expect(describeLimits(test)).toBe('8 вопросов · 15 мин · 3 попытки · зачёт от 70 %');
    expect(describeLimits({ ...test, questionCount: 21, timeLimitMinutes: null, maxAttempts: 1 })).toBe(
      '21 вопрос · без ограничения времени · 1 попытка · зачёт от 70 %',
    );
    expect(describeLimits({ ...test, maxAttempts: null })).toContain('попыток без ограничений');
  });

  it('gives an open attempt’s question and time left, rounded up to the minute', () => {
    expect(describeStatus(test)).toEqual({ text: 'В процессе: вопрос 7 из 8, осталось 13 мин', tone: 'open' });
    expect(describeTimeLeft(59)).toBe('осталось меньше минуты');
    expect(describeStatus({ ...test, current: { ...attempt, remainingSeconds: null } }).text).toBe(
      'В процессе: вопрос 7 из 8',
    );
  });

  it('gives the best result once finished, and «Не начат» before', () => {
    expect(describeStatus({ ...test, current: null, best: finished(6, true) })).toEqual({
      text: 'Пройден: 6 из 8 (75 %)',
      tone: 'passed',
    });
    expect(describeStatus({ ...test, current: null, best: finished(3, false) }).text).toBe('Не пройден: 3 из 8 (37 %)');
    expect(describeStatus({ ...test, current: null, attemptsUsed: 0 })).toEqual({ text: 'Не начат', tone: 'new' });
  });

  it('offers another attempt only with none open and the limit not reached', () => {
    expect(mayStartAgain(test)).toBe(false);
    expect(mayStartAgain({ ...test, current: null })).toBe(true);
    expect(mayStartAgain({ ...test, current: null, attemptsUsed: 3 })).toBe(false);
    expect(mayStartAgain({ ...test, current: null, attemptsUsed: 9, maxAttempts: null })).toBe(true);
  });

  it('says when the right answers come: after the last attempt, after the only one, or never without a limit', () => {
    expect(describeReviewRule(3)).toContain('верные ответы с пояснениями — после последней попытки');
    expect(describeReviewRule(1)).toContain('верные ответы и пояснения к ним');
    expect(describeReviewRule(null)).toContain('Верные ответы не показываются: число попыток не ограничено.');
    const judged = { correct: false, solution: null };
    const questions = [{ ...question, review: judged }];
    expect(describeReview({ maxAttempts: 3, attemptsFinished: 1, questions })).toBe(
      'Здесь отмечено, какие ответы верны, а какие нет. Верные ответы с пояснениями будут показаны после последней попытки (завершено попыток: 1 из 3).',
    );
    expect(describeReview({ maxAttempts: null, attemptsFinished: 4, questions })).toContain('не ограничено');
    const solved = [
      { ...question, review: { ...judged, solution: { rightOptionIds: [1], rightText: null, explanation: 'Так.' } } },
    ];
    expect(describeReview({ maxAttempts: 3, attemptsFinished: 3, questions: solved })).toBe(
      'Все попытки использованы: показаны верные ответы и пояснения.',
    );
    expect(describeReview({ maxAttempts: 1, attemptsFinished: 1, questions: solved })).toBeNull();
  });
});
