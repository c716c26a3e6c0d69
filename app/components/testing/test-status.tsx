import type { Attempt, AttemptSummary, TestSummary } from '#contract';
import { formatDuration } from '~/lib/format';
import { plural } from '#shared/plural';

/** How a test and the user's place in it read in Russian, on the list and on the test's page. */

const copy = {
  questions: { one: 'вопрос', few: 'вопроса', many: 'вопросов' },
  noTimeLimit: 'без ограничения времени',
  attemptsLimit: (n: number) => plural(n, { one: 'попытка', few: 'попытки', many: 'попыток' }),
  unlimitedAttempts: 'попыток без ограничений',
  passBar: (percent: number) => `зачёт от ${percent} %`,
  notStarted: 'Не начат',
  inProgress: (position: number, count: number) => `В процессе: вопрос ${position} из ${count}`,
  timeLeft: (left: string) => `осталось ${left}`,
  lessThanMinute: 'меньше минуты',
  passed: 'Пройден',
  failed: 'Не пройден',
  score: (points: number, max: number, percent: number) => `${points} из ${max} (${percent} %)`,
  attemptsUsed: (used: number, max: number | null) =>
    max === null ? `Попыток: ${used}` : `Использовано попыток: ${used} из ${max}`,
  reviewOnce: 'После попытки вы увидите, какие ответы верны, верные ответы и пояснения к ним.',
  reviewLast:
    'После каждой попытки видно, какие ответы верны, а какие нет; верные ответы с пояснениями — после последней попытки.',
  reviewNever:
    'После каждой попытки видно, какие ответы верны, а какие нет. Верные ответы не показываются: число попыток не ограничено.',
  verdictsOnly: 'Здесь отмечено, какие ответы верны, а какие нет.',
  solutionsLater: (finished: number, max: number) =>
    `Верные ответы с пояснениями будут показаны после последней попытки (завершено попыток: ${finished} из ${max}).`,
  solutionsNever: 'Верные ответы не показываются: число попыток у этого теста не ограничено.',
  solutionsNow: 'Все попытки использованы: показаны верные ответы и пояснения.',
};

type Limits = Pick<TestSummary, 'questionCount' | 'timeLimitMinutes' | 'maxAttempts' | 'passPercent'>;

/** «10 вопросов · 15 мин · 3 попытки · зачёт от 70 %». */
export function describeLimits(test: Limits): string {
  return [
    plural(test.questionCount, copy.questions),
    test.timeLimitMinutes === null ? copy.noTimeLimit : formatDuration(test.timeLimitMinutes),
    test.maxAttempts === null ? copy.unlimitedAttempts : copy.attemptsLimit(test.maxAttempts),
    copy.passBar(test.passPercent),
  ].join(' · ');
}

/** «осталось 13 мин», rounded up, as the upstream counted it when it answered. */
export function describeTimeLeft(remainingSeconds: number): string {
  return copy.timeLeft(remainingSeconds < 60 ? copy.lessThanMinute : formatDuration(Math.ceil(remainingSeconds / 60)));
}

/** «Пройден: 8 из 10 (80 %)». */
export function describeScore(attempt: AttemptSummary): string {
  if (!attempt.score) return copy.notStarted;
  const { points, maxPoints, percent, passed } = attempt.score;
  return `${passed ? copy.passed : copy.failed}: ${copy.score(points, maxPoints, percent)}`;
}

/** The user's state in a test: not started, in progress (question N of M, time left), or the best result. */
export function describeStatus(test: TestSummary): { text: string; tone: 'new' | 'open' | 'passed' | 'failed' } {
  if (test.current) {
    const { nextPosition, remainingSeconds } = test.current;
    const progress = copy.inProgress(nextPosition, test.questionCount);
    return {
      text: remainingSeconds === null ? progress : `${progress}, ${describeTimeLeft(remainingSeconds)}`,
      tone: 'open',
    };
  }
  if (test.best?.score) return { text: describeScore(test.best), tone: test.best.score.passed ? 'passed' : 'failed' };
  return { text: copy.notStarted, tone: 'new' };
}

export function describeAttemptsUsed(test: Pick<TestSummary, 'attemptsUsed' | 'maxAttempts'>): string {
  return copy.attemptsUsed(test.attemptsUsed, test.maxAttempts);
}

/** Whether another attempt may start: no open one, and the limit (if any) not reached. */
export function mayStartAgain(test: Pick<TestSummary, 'attemptsUsed' | 'maxAttempts' | 'current'>): boolean {
  return test.current === null && (test.maxAttempts === null || test.attemptsUsed < test.maxAttempts);
}

/** On the test's page: what the review of an attempt will show, and when the right answers come. */
export function describeReviewRule(maxAttempts: number | null): string {
  return maxAttempts === null ? copy.reviewNever : maxAttempts === 1 ? copy.reviewOnce : copy.reviewLast;
}

/** Above a finished attempt's review: why it shows only right or wrong, or that it now shows the right answers. */
export function describeReview(
  attempt: Pick<Attempt, 'maxAttempts' | 'attemptsFinished' | 'questions'>,
): string | null {
  const { maxAttempts, attemptsFinished } = attempt;
  // The contract lets the right answers through only once no attempt remains.
  if (attempt.questions.some((question) => question.review?.solution)) {
    return maxAttempts === 1 ? null : copy.solutionsNow;
  }
  const why = maxAttempts === null ? copy.solutionsNever : copy.solutionsLater(attemptsFinished, maxAttempts);
  return `${copy.verdictsOnly} ${why}`;
}
