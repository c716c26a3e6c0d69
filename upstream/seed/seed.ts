import { hashPassword } from '../crypto';
import type { Db } from '../db/open';
import { seedScenarios } from './seed-scenarios';
import { seedWebinars } from './seed-webinars';
import { seedHomeContent } from './seed-home';
import { seedDictation } from './seed-dictation';
import { seedTesting } from './seed-testing';
import { seedLawWeek } from './seed-law-week';
import { seedAuthorQuestions } from './seed-author-questions';
import { seedSupport } from './seed-support';
import { createUser, findUserByEmail, type NewUser } from '../db/users';

/** Demo accounts for the local portal, the tests and the README. Never present in production data. */
export const DEMO_USERS = {
  teacher: {
    email: 'teacher@example.org',
    password: 'demo-password',
    role: 'teacher',
    firstName: 'Анна',
    middleName: 'Сергеевна',
    lastName: 'Иванова',
    phone: '79001234567',
    city: 'Москва',
    organization: 'Школа № 1',
  },
  participant: {
    email: 'participant@example.org',
    password: 'demo-password',
    role: 'participant',
    firstName: 'Пётр',
    middleName: 'Николаевич',
    lastName: 'Смирнов',
  },
  admin: {
    email: 'admin@example.org',
    password: 'admin-password',
    role: 'admin',
    firstName: 'Администратор',
    lastName: 'Портала',
  },
} as const satisfies Record<string, Omit<NewUser, 'passwordHash'> & { password: string }>;

/**
 * Runs on every start. Existing accounts are left exactly as they are (a demo user who changed the password keeps
 * it), so running it again never duplicates or resets anything.
 */
export async function seedDemoContent(db: Db, now: number): Promise<void> {
  const missing = Object.values(DEMO_USERS).filter((user) => !findUserByEmail(db, user.email));
  // scrypt runs on libuv's thread pool, so hashing side by side keeps start-up short.
  const prepared = await Promise.all(
    missing.map(async ({ password, ...user }) => ({ ...user, passwordHash: await hashPassword(password) })),
  );
  db.transaction(() => {
    for (const user of prepared) createUser(db, { ...user, emailConfirmed: true }, now);
  })();
  seedScenarios(db, now);
  db.transaction(() => seedWebinars(db, now))();
  seedHomeContent(db, now, DEMO_USERS.teacher.email);
  seedDictation(db, now, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
  seedTesting(db, now);
  seedLawWeek(db);
  seedAuthorQuestions(db, now, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
  seedSupport(db, now, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
}
