import { describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import { databaseFrom, migrate, openDatabase } from './open';
import { seedDemoContent } from '../seed/seed';
import { findUserByEmail } from './users';
import { readAttempt } from './testing-review';

const LAYOUT = migrations.find((migration) => migration.sql.includes('CREATE TABLE test_attempt_questions'))!;

describe('the order of an attempt', () => {
  it('keeps the test’s own order for an attempt started before attempts were shuffled', async () => {
    const seeded = openDatabase(':memory:');
    await seedDemoContent(seeded, Date.UTC(2026, 10, 23, 9));
    const db = databaseFrom(seeded.serialize());
    // The database as it was before the layout's migration, with an attempt in it.
    db.exec('DROP TABLE test_attempt_questions');
    db.prepare('DELETE FROM schema_migrations WHERE id = ?').run(LAYOUT.id);
    const { lastInsertRowid } = db
      .prepare('INSERT INTO test_attempts (user_id, test_id, number, started_at) VALUES (?, 2, 1, 0)')
      .run(findUserByEmail(db, 'teacher@example.org')!.id);

    expect(migrate(db)).toEqual([LAYOUT.id]);
    const attempt = readAttempt(db, Number(lastInsertRowid), 0);
    expect(attempt.questions.map((q) => q.id)).toEqual(attempt.questions.map((_, n) => 200 + n + 1));
    for (const question of attempt.questions) {
      expect(question.options.map((o) => o.id)).toEqual(question.options.map((_, n) => question.id * 10 + n + 1));
    }
  });
});
