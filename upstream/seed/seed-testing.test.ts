import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { seedDemoContent } from './seed';
import { SEED_TESTS } from './seed-testing-content';
import { listTests } from '../db/testing';
import { readAttempt } from '../db/testing-review';
import { findUserByEmail } from '../db/users';

describe('tests seed', () => {
  it('writes twelve tests of 6–15 questions with every kind, each answer key pointing at an existing option', () => {
    expect(SEED_TESTS).toHaveLength(12);
    for (const test of SEED_TESTS) {
      expect(test.questions.length, test.title).toBeGreaterThanOrEqual(6);
      expect(test.questions.length, test.title).toBeLessThanOrEqual(15);
      expect(new Set(test.questions.map((q) => q.kind)), test.title).toEqual(new Set(['single', 'multiple', 'text']));
      for (const q of test.questions) {
        if (q.kind === 'text') expect(q.accept.length, q.text).toBeGreaterThan(0);
        else expect(q.right.every((n) => n >= 0 && n < q.options.length) && q.right.length > 0, q.text).toBe(true);
        if (q.kind === 'single') expect(q.right, q.text).toHaveLength(1);
      }
    }
    expect(new Set(SEED_TESTS.map((test) => test.title)).size).toBe(12);
  });

  it('gives both demo users a passed, a failed and an unfinished test, and a second start changes nothing', async () => {
    const db = openDatabase(':memory:');
    const now = Date.UTC(2026, 10, 23, 9);
    await seedDemoContent(db, now);
    const answers = db.prepare('SELECT * FROM test_answers ORDER BY attempt_id, question_id').all();
    for (const email of ['teacher@example.org', 'participant@example.org']) {
      const tests = listTests(db, findUserByEmail(db, email)!.id, now);
      const states = tests.map((test) =>
        test.current ? 'in progress' : test.best ? (test.best.score?.passed ? 'passed' : 'failed') : null,
      );
      expect(states.filter((state) => state !== null).sort(), email).toEqual(['failed', 'in progress', 'passed']);
    }
    await seedDemoContent(db, now + 86_400_000);
    expect(db.prepare('SELECT * FROM test_answers ORDER BY attempt_id, question_id').all()).toEqual(answers);
  });

  it('shows the demo teacher the right answers of the one-attempt test, and only right or wrong where attempts remain', async () => {
    const db = openDatabase(':memory:');
    const now = Date.UTC(2026, 10, 23, 9);
    await seedDemoContent(db, now);
    const tests = listTests(db, findUserByEmail(db, 'teacher@example.org')!.id, now);
    const reviewOf = (testId: number) => readAttempt(db, tests.find((test) => test.id === testId)!.best!.id, now);
    const passed = reviewOf(3);
    expect(passed).toMatchObject({ maxAttempts: 1, attemptsFinished: 1, score: { passed: true } });
    expect(passed.questions.every((q) => q.review?.solution?.explanation)).toBe(true);
    const failed = reviewOf(10);
    expect(failed).toMatchObject({ maxAttempts: 3, attemptsFinished: 1, score: { passed: false } });
    expect(failed.questions.every((q) => q.review?.solution === null)).toBe(true);
    // The half-taken attempt answered its first questions in its own (shuffled) order.
    const open = tests.find((test) => test.id === 5)!.current!;
    const answered = readAttempt(db, open.id, now).questions.map((q) => q.answer !== null);
    expect(answered).toEqual([true, true, true, true, true, true, false, false]);
  });
});
