import { describe, expect, it } from 'vitest';
import { attempt as attemptSchema, type Attempt, type TestDetail, type TestSummary } from '#contract';
import { DEMO_USERS } from '../seed/seed';
import { createTestUpstream } from '../testing';
import { minutes, seconds } from '#shared/time';

type Up = Awaited<ReturnType<typeof createTestUpstream>>;

/** Test 1 «Основы права»: 10 questions, 15 minutes, 3 attempts; its right answers as the seed wrote them. */
const LAW = { id: 1, single: 101, singleRight: 1013, multiple: 103, multipleRight: [1031, 1032, 1034], text: 104 };

async function signedIn(user: { email: string; password: string } = DEMO_USERS.teacher) {
  const up = await createTestUpstream();
  const { token } = await up.login(user);
  const as = (name: Parameters<Up['call']>[0], options: Parameters<Up['call']>[1] = {}) =>
    up.call(name, { ...options, token: token.authToken });
  return { up, as };
}

async function start(as: Awaited<ReturnType<typeof signedIn>>['as'], testId = LAW.id) {
  const { status, envelope } = await as('startAttempt', { body: { testId } });
  expect(status, JSON.stringify(envelope.errors)).toBe(200);
  return attemptSchema.parse(envelope.result);
}

describe('testsList and testById', () => {
  it('lists twelve tests with the demo teacher’s history: passed or failed with a score, one in progress', async () => {
    const { as } = await signedIn();
    const { envelope } = await as('testsList');
    const { tests } = envelope.result as { tests: TestSummary[] };
    expect(tests).toHaveLength(12);
    expect(tests.every((test) => test.questionCount >= 6 && test.questionCount <= 15)).toBe(true);
    const byId = new Map(tests.map((test) => [test.id, test]));
    expect(byId.get(3)?.best?.score).toMatchObject({ maxPoints: 10, passed: true });
    expect(byId.get(10)?.best?.score).toMatchObject({ maxPoints: 8, passed: false });
    expect(byId.get(5)?.current).toMatchObject({ status: 'in_progress', answeredCount: 6, nextPosition: 7 });
    expect(byId.get(1)).toMatchObject({ attemptsUsed: 0, current: null, best: null, timeLimitMinutes: 15 });
  });

  it('gives a test’s description and its attempts, and 404 for an unknown id', async () => {
    const { as } = await signedIn();
    const { envelope } = await as('testById', { query: { id: '3' } });
    const test = envelope.result as TestDetail;
    expect(test.description).toMatch(/Десять вопросов/);
    expect(test.attempts).toHaveLength(1);
    const missing = await as('testById', { query: { id: '999' } });
    expect(missing.status).toBe(404);
    expect((await as('testById', { query: { id: 'x' } })).status).toBe(400);
  });
});

describe('an attempt', () => {
  it('hides whether answers were right until it is finished, then judges every answer', async () => {
    const { as } = await signedIn();
    const attempt = await start(as);
    expect(attempt).toMatchObject({ status: 'in_progress', number: 1, remainingSeconds: 900, score: null });
    const sent = JSON.stringify(attempt);
    expect(sent).not.toMatch(/rightOptionIds|explanation|correct|Федеральное Собрание/);

    await as('putAnswer', { body: { attemptId: attempt.id, questionId: LAW.single, optionIds: [LAW.singleRight] } });
    const finished = await as('finishAttempt', { body: { attemptId: attempt.id } });
    const result = attemptSchema.parse(finished.envelope.result);
    expect(result).toMatchObject({ status: 'finished', finishReason: 'submitted', remainingSeconds: null });
    expect(result.score).toEqual({ points: 1, maxPoints: 10, percent: 10, passed: false });
    const review = Object.fromEntries(result.questions.map((q) => [q.id, q.review]));
    expect(review[LAW.single]).toEqual({ correct: true, solution: null });
    expect(review[LAW.multiple]).toEqual({ correct: false, solution: null });
  });

  it('keeps the right answers back while attempts remain: a blank first attempt gives the second nothing', async () => {
    const { as } = await signedIn();
    const first = await start(as);
    const blank = attemptSchema.parse((await as('finishAttempt', { body: { attemptId: first.id } })).envelope.result);
    expect(blank).toMatchObject({ maxAttempts: 3, attemptsFinished: 1, score: { points: 0 } });
    expect(blank.questions.every((q) => q.review?.correct === false && q.review.solution === null)).toBe(true);
    expect(JSON.stringify(blank)).not.toMatch(/rightOptionIds|rightText|explanation|Федеральное Собрание|Статья/);

    const second = await start(as);
    expect(second.number).toBe(2);
    const reread = await as('attemptById', { query: { id: String(first.id) } });
    expect(JSON.stringify(reread.envelope.result)).not.toMatch(/rightOptionIds|Федеральное Собрание/);
  });

  it('shows the right answers and explanations on every review once the last attempt is finished', async () => {
    const { as } = await signedIn();
    // Test 12: two attempts. The second one open still keeps the first's answers back.
    const first = await start(as, 12);
    await as('finishAttempt', { body: { attemptId: first.id } });
    const second = await start(as, 12);
    const meanwhile = attemptSchema.parse(
      (await as('attemptById', { query: { id: String(first.id) } })).envelope.result,
    );
    expect(meanwhile.questions.every((q) => q.review?.solution === null)).toBe(true);

    const last = attemptSchema.parse((await as('finishAttempt', { body: { attemptId: second.id } })).envelope.result);
    expect(last).toMatchObject({ maxAttempts: 2, attemptsFinished: 2 });
    for (const attemptId of [first.id, second.id]) {
      const { envelope } = await as('attemptById', { query: { id: String(attemptId) } });
      const { questions } = attemptSchema.parse(envelope.result);
      expect(questions.every((q) => q.review?.solution?.explanation)).toBe(true);
      const text = questions.find((q) => q.kind === 'text')!;
      expect(text.review?.solution).toMatchObject({ rightOptionIds: [], rightText: expect.any(String) });
    }
  });

  it('never shows the right answers of a test without an attempts limit', async () => {
    const { as } = await signedIn();
    const attempt = await start(as, 8);
    const result = attemptSchema.parse(
      (await as('finishAttempt', { body: { attemptId: attempt.id } })).envelope.result,
    );
    expect(result).toMatchObject({ maxAttempts: null, attemptsFinished: 1 });
    expect(result.questions.every((q) => q.review?.solution === null)).toBe(true);
  });

  it('shuffles questions and options per attempt, and keeps an attempt’s order on every read', async () => {
    const { as } = await signedIn();
    const orderOf = (attempt: Attempt) => attempt.questions.map((q) => [q.id, ...q.options.map((o) => o.id)]);
    const first = await start(as);
    expect(first.questions.map((q) => q.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.questions.map((q) => q.id).sort()).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    const reread = attemptSchema.parse((await as('attemptById', { query: { id: String(first.id) } })).envelope.result);
    expect(orderOf(reread)).toEqual(orderOf(first));
    expect(orderOf(await start(as))).toEqual(orderOf(first));

    await as('finishAttempt', { body: { attemptId: first.id } });
    const finished = attemptSchema.parse(
      (await as('attemptById', { query: { id: String(first.id) } })).envelope.result,
    );
    expect(orderOf(finished)).toEqual(orderOf(first));
    const second = await start(as);
    expect(second.questions.map((q) => q.id)).not.toEqual(first.questions.map((q) => q.id));
    const optionsOf = (attempt: Attempt, id: number) => attempt.questions.find((q) => q.id === id)!.options;
    const reordered = first.questions.filter(
      (q) => q.kind !== 'text' && JSON.stringify(optionsOf(second, q.id)) !== JSON.stringify(q.options),
    );
    expect(reordered.length).toBeGreaterThan(0);
  });

  it('scores each kind: the right option, the exact set, the text in any case with «ё» as «е»', async () => {
    const { as } = await signedIn();
    const attempt = await start(as);
    const answer = (questionId: number, body: { optionIds?: number[]; text?: string }) =>
      as('putAnswer', { body: { attemptId: attempt.id, questionId, ...body } });
    await answer(LAW.single, { optionIds: [LAW.singleRight] });
    await answer(LAW.multiple, { optionIds: LAW.multipleRight });
    await answer(LAW.text, { text: '  федеральное СОБРАНИЕ ' });
    await answer(108, { text: 'Невиновности' });
    await answer(105, { optionIds: [1051] }); // 14 лет: wrong
    await answer(107, { optionIds: [1071, 1072] }); // a missed option
    const result = await as('finishAttempt', { body: { attemptId: attempt.id } });
    const { questions, score } = result.envelope.result as Attempt;
    const correct = Object.fromEntries(questions.map((q) => [q.id, q.review?.correct]));
    expect(correct).toMatchObject({ 101: true, 103: true, 104: true, 108: true, 105: false, 107: false });
    expect(score?.points).toBe(4);
  });

  it('keeps answers on the upstream: a second start resumes the attempt, a new answer replaces the old', async () => {
    const { as } = await signedIn();
    const attempt = await start(as);
    await as('putAnswer', { body: { attemptId: attempt.id, questionId: LAW.single, optionIds: [1011] } });
    await as('putAnswer', { body: { attemptId: attempt.id, questionId: LAW.single, optionIds: [LAW.singleRight] } });
    const saved = await as('putAnswer', { body: { attemptId: attempt.id, questionId: LAW.text, text: 'Дума' } });
    expect(saved.envelope.result).toMatchObject({ questionId: LAW.text, answeredCount: 2 });

    const again = await start(as);
    expect(again.id).toBe(attempt.id);
    const unanswered = again.questions.find((q) => q.id !== LAW.single && q.id !== LAW.text)!;
    expect(again).toMatchObject({ answeredCount: 2, nextPosition: unanswered.position });
    const answerTo = (id: number) => again.questions.find((q) => q.id === id)?.answer;
    expect(answerTo(LAW.single)).toEqual({ optionIds: [LAW.singleRight], text: '' });
    expect(answerTo(LAW.text)).toEqual({ optionIds: [], text: 'Дума' });
  });

  it('refuses an answer that does not fit the question, by field', async () => {
    const { as } = await signedIn();
    const attempt = await start(as);
    const cases = [
      [{ questionId: LAW.single, optionIds: [1011, 1012] }, 'optionIds'],
      [{ questionId: LAW.single, optionIds: [9999] }, 'optionIds'],
      [{ questionId: LAW.multiple, optionIds: [] }, 'optionIds'],
      [{ questionId: LAW.text, text: '   ' }, 'text'],
      [{ questionId: 201, optionIds: [2011] }, 'questionId'],
      [{ questionId: LAW.text, text: 'я'.repeat(201) }, 'text'],
    ] as const;
    for (const [body, field] of cases) {
      const { status, envelope } = await as('putAnswer', { body: { attemptId: attempt.id, ...body } });
      expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(envelope.errors[0]?.field, JSON.stringify(body)).toBe(field);
    }
    expect((await as('attemptById', { query: { id: String(attempt.id) } })).envelope.result).toMatchObject({
      answeredCount: 0,
    });
  });

  it('is the user’s own: another user’s attempt is unknown', async () => {
    const { up, as } = await signedIn();
    const attempt = await start(as);
    const { token } = await up.login(DEMO_USERS.participant);
    const theirs = { token: token.authToken };
    expect((await up.call('attemptById', { ...theirs, query: { id: String(attempt.id) } })).status).toBe(404);
    const answer = await up.call('putAnswer', {
      ...theirs,
      body: { attemptId: attempt.id, questionId: LAW.single, optionIds: [LAW.singleRight] },
    });
    expect(answer.status).toBe(404);
    expect((await up.call('finishAttempt', { ...theirs, body: { attemptId: attempt.id } })).status).toBe(404);
  });
});

describe('limits', () => {
  it('counts the time from the start and refuses a late answer, finishing the attempt as of its deadline', async () => {
    const { up, as } = await signedIn();
    const attempt = await start(as);
    up.clock.advance(minutes(10));
    const read = await as('attemptById', { query: { id: String(attempt.id) } });
    expect(read.envelope.result).toMatchObject({ status: 'in_progress', remainingSeconds: 300 });
    await as('putAnswer', { body: { attemptId: attempt.id, questionId: LAW.single, optionIds: [LAW.singleRight] } });

    up.clock.advance(minutes(5));
    const late = await as('putAnswer', { body: { attemptId: attempt.id, questionId: LAW.text, text: 'Дума' } });
    expect(late.status).toBe(409);
    expect(late.envelope.errors[0]).toMatchObject({ code: 'time_over', message: expect.stringMatching(/Время/) });
    const result = attemptSchema.parse(
      (await as('attemptById', { query: { id: String(attempt.id) } })).envelope.result,
    );
    expect(result).toMatchObject({ status: 'finished', finishReason: 'time_over', answeredCount: 1 });
    expect(Date.parse(result.finishedAt!) - Date.parse(result.startedAt)).toBe(minutes(15));
    expect(result.score?.points).toBe(1);

    const after = await as('putAnswer', { body: { attemptId: attempt.id, questionId: LAW.text, text: 'Дума' } });
    expect(after.envelope.errors[0]?.code).toBe('attempt_finished');
  });

  it('finishes an overdue attempt on the next read, so the list shows its score without another answer', async () => {
    const { up, as } = await signedIn();
    await start(as);
    up.clock.advance(minutes(15) + seconds(1));
    const { envelope } = await as('testsList');
    const law = (envelope.result as { tests: TestSummary[] }).tests.find((test) => test.id === LAW.id);
    expect(law).toMatchObject({ current: null, attemptsUsed: 1, best: { finishReason: 'time_over' } });
  });

  it('refuses a start past the attempts limit, and an untimed test has no clock', async () => {
    const { as } = await signedIn();
    for (let n = 0; n < 2; n++) {
      const attempt = await start(as, 12);
      await as('finishAttempt', { body: { attemptId: attempt.id } });
    }
    const third = await as('startAttempt', { body: { testId: 12 } });
    expect(third.status).toBe(409);
    expect(third.envelope.errors[0]).toMatchObject({
      code: 'attempts_exhausted',
      message: 'Все попытки использованы: 2 из 2.',
    });
    expect((await start(as, 8)).remainingSeconds).toBeNull();
    expect((await as('startAttempt', { body: { testId: 999 } })).envelope.errors[0]?.field).toBe('testId');
  });

  it('finishing twice returns the same result', async () => {
    const { up, as } = await signedIn();
    const attempt = await start(as);
    const first = await as('finishAttempt', { body: { attemptId: attempt.id } });
    up.clock.advance(minutes(1));
    const second = await as('finishAttempt', { body: { attemptId: attempt.id } });
    expect(second.envelope.result).toEqual(first.envelope.result);
  });
});
