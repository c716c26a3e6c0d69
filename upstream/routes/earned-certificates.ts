import type { EarnedCertificate, FileRef, WatchCertificate } from '#contract';
import { verifyUrlOf } from '../db/certificate-codes';
import type { Db } from '../db/open';
import { findTest, type AttemptRow, type TestRow } from '../db/testing';
import { percentOf } from '../db/testing-scoring';
import { findUserById } from '../db/users';
import {
  findWebinarCertificate,
  findWebinarCertificateById,
  listWebinarCertificates,
  neededSecondsOf,
  type WebinarCertificateRow,
} from '../db/webinar-certificates';
import { countedSecondsOf } from '../db/webinars';
import { requireSession } from '../http/auth';
import { notFound } from '../http/envelope';
import { quoted, renderCertificatePdf } from '../pdf/certificate-pdf';
import { formatDate, moscowDate } from '#shared/moscow-time';
import type { Services, UpstreamApp } from '../services';

/**
 * The certificates teachers earn on the portal's own screens: a master class's recording watched (80 %
 * of it counted, `db/webinar-certificates.ts`) and a test passed (its first attempt that reached the pass mark).
 * The same page as the others, the same codes and the same public check; each file is its owner's only, found by
 * the token like a dictation's.
 */

const WEBINAR_FILE = /^\/files\/master-classes\/certificates\/(\d+)\.pdf$/;
const TEST_FILE = /^\/files\/testing\/certificates\/(\d+)\.pdf$/;

/** The year an instant falls in, in Moscow. */
const moscowYear = (time: number) => Number(moscowDate(time).slice(0, 4));
const sixDigits = (id: number) => String(id).padStart(6, '0');

/** «МК-2026-000003»: the year it was earned and the certificate's row. */
export const webinarCertificateNumber = (row: WebinarCertificateRow) =>
  `МК-${moscowYear(row.issued_at)}-${sixDigits(row.id)}`;

/** «Т-2026-000041»: the year of the passing attempt and the attempt itself. */
export const testCertificateNumber = (attempt: AttemptRow) =>
  `Т-${moscowYear(attempt.finished_at!)}-${sixDigits(attempt.id)}`;

const fullNameOf = (user: { last_name: string; first_name: string; middle_name: string }) =>
  [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' ');

interface WebinarFacts {
  title: string;
  starts_at: number;
}

const webinarFacts = (db: Db, webinarId: number) =>
  db.prepare('SELECT title, starts_at FROM webinars WHERE id = ?').get(webinarId) as WebinarFacts | undefined;

async function renderWebinarCertificate(services: Services, row: WebinarCertificateRow): Promise<Buffer | null> {
  const user = findUserById(services.db, row.user_id);
  const webinar = webinarFacts(services.db, row.webinar_id);
  if (!user || !webinar) return null;
  const number = webinarCertificateNumber(row);
  return renderCertificatePdf({
    heading: 'СЕРТИФИКАТ',
    title: `Сертификат о просмотре мастер-класса № ${number}`,
    number,
    fullName: fullNameOf(user),
    deed: 'просмотрел(а) мастер-класс',
    event: quoted(webinar.title),
    detail: `Просмотрено не менее 80 % записи мастер-класса от ${formatDate(webinar.starts_at)}`,
    issued: formatDate(row.issued_at),
    verifyUrl: verifyUrlOf(services, 'webinar', row.id),
  });
}

async function webinarFileOf(services: Services, row: WebinarCertificateRow): Promise<FileRef | null> {
  const pdf = await renderWebinarCertificate(services, row);
  if (!pdf) return null;
  return {
    path: `/files/master-classes/certificates/${row.id}.pdf`,
    name: `Сертификат о просмотре ${webinarCertificateNumber(row)}.pdf`,
    size: pdf.length,
    type: 'application/pdf',
  };
}

async function earnedWebinar(services: Services, row: WebinarCertificateRow): Promise<EarnedCertificate | null> {
  const file = await webinarFileOf(services, row);
  if (!file) return null;
  return { number: webinarCertificateNumber(row), issuedOn: moscowDate(row.issued_at), file };
}

/** What the master class's page says of its certificate; null without a recording. */
export async function watchCertificateOf(
  services: Services,
  userId: number,
  webinar: { id: number; recordingSeconds: number | null },
): Promise<WatchCertificate | null> {
  if (webinar.recordingSeconds === null) return null;
  const row = findWebinarCertificate(services.db, userId, webinar.id);
  return {
    neededSeconds: neededSecondsOf(webinar.recordingSeconds),
    countedSeconds: countedSecondsOf(services.db, userId, webinar.id),
    earned: row ? await earnedWebinar(services, row) : null,
  };
}

/** The attempt that passed first, of the user's finished ones, or undefined. */
export function firstPassingAttempt(db: Db, userId: number, test: TestRow): AttemptRow | undefined {
  const finished = db
    .prepare(
      'SELECT * FROM test_attempts WHERE user_id = ? AND test_id = ? AND finished_at IS NOT NULL ORDER BY number',
    )
    .all(userId, test.id) as AttemptRow[];
  return finished.find((attempt) => percentOf(attempt.points ?? 0, test.question_count) >= test.pass_percent);
}

async function renderTestCertificate(services: Services, attempt: AttemptRow, test: TestRow) {
  const user = findUserById(services.db, attempt.user_id);
  if (!user) return null;
  const number = testCertificateNumber(attempt);
  const points = attempt.points ?? 0;
  return renderCertificatePdf({
    heading: 'СЕРТИФИКАТ',
    title: `Сертификат о прохождении теста № ${number}`,
    number,
    fullName: fullNameOf(user),
    deed: 'успешно прошёл(ла) тест',
    event: quoted(test.title),
    detail:
      `Результат: ${points} из ${test.question_count} правильных ответов ` +
      `(${percentOf(points, test.question_count)} %) при проходном балле ${test.pass_percent} %`,
    issued: formatDate(attempt.finished_at!),
    verifyUrl: verifyUrlOf(services, 'test', attempt.id),
  });
}

type EarnedTest = EarnedCertificate & { attemptId: number };

async function earnedTest(services: Services, attempt: AttemptRow, test: TestRow): Promise<EarnedTest | null> {
  const pdf = await renderTestCertificate(services, attempt, test);
  if (!pdf) return null;
  const number = testCertificateNumber(attempt);
  return {
    number,
    issuedOn: moscowDate(attempt.finished_at!),
    attemptId: attempt.id,
    file: {
      path: `/files/testing/certificates/${attempt.id}.pdf`,
      name: `Сертификат о прохождении теста ${number}.pdf`,
      size: pdf.length,
      type: 'application/pdf',
    },
  };
}

/** The test's certificate for the user, or null while no attempt has passed it. */
export async function testCertificateOf(services: Services, userId: number, test: TestRow) {
  const attempt = firstPassingAttempt(services.db, userId, test);
  return attempt ? earnedTest(services, attempt, test) : null;
}

/** Every master-class and test certificate the user holds, for `/lk/certificates`: each kind newest first. */
export async function earnedBy(services: Services, userId: number) {
  const { db } = services;
  const masterClasses = [];
  for (const row of listWebinarCertificates(db, userId)) {
    const earned = await earnedWebinar(services, row);
    const webinar = webinarFacts(db, row.webinar_id);
    if (earned && webinar) masterClasses.push({ ...earned, webinarId: row.webinar_id, event: webinar.title });
  }
  const tests = [];
  const testIds = db.column(
    'SELECT DISTINCT test_id FROM test_attempts WHERE user_id = ? AND finished_at IS NOT NULL',
    userId,
  ) as number[];
  for (const testId of testIds) {
    const test = findTest(db, testId);
    const earned = test && (await testCertificateOf(services, userId, test));
    if (test && earned) tests.push({ ...earned, testId, event: test.title });
  }
  tests.sort((a, b) => b.issuedOn.localeCompare(a.issuedOn) || b.attemptId - a.attemptId);
  return { masterClasses, tests };
}

/** What a master-class certificate's row proves to anyone, or undefined (unknown, or its holder is gone). */
export function webinarCertificateFacts(db: Db, id: number) {
  const row = findWebinarCertificateById(db, id);
  const webinar = row && webinarFacts(db, row.webinar_id);
  const user = row && findUserById(db, row.user_id);
  if (!row || !webinar || !user) return undefined;
  return { number: webinarCertificateNumber(row), event: webinar.title, issuedOn: moscowDate(row.issued_at), user };
}

/** What a test certificate proves: only the first passing attempt is one. */
export function testCertificateFacts(db: Db, attemptId: number) {
  const attempt = db.prepare('SELECT * FROM test_attempts WHERE id = ?').get(attemptId) as AttemptRow | undefined;
  const test = attempt && findTest(db, attempt.test_id);
  const user = attempt && findUserById(db, attempt.user_id);
  if (!attempt || !test || !user || firstPassingAttempt(db, attempt.user_id, test)?.id !== attempt.id) return undefined;
  return {
    number: testCertificateNumber(attempt),
    event: test.title,
    issuedOn: moscowDate(attempt.finished_at!),
    user,
  };
}

/** The files themselves, outside the envelope like every file; registered before the static files. */
export function registerEarnedCertificateFiles(app: UpstreamApp, services: Services): void {
  const pdfResponse = (pdf: Buffer) =>
    new Response(new Uint8Array(pdf), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Cache-Control': 'private, no-store',
      },
    });

  app.get('/files/master-classes/certificates/*', async (c) => {
    const session = requireSession(services, c.req.query('token'));
    const [, id] = WEBINAR_FILE.exec(c.req.path) ?? [];
    const row = id ? findWebinarCertificateById(services.db, Number(id)) : undefined;
    if (!row || row.user_id !== session.userId) throw notFound();
    const pdf = await renderWebinarCertificate(services, row);
    if (!pdf) throw notFound();
    return pdfResponse(pdf);
  });

  app.get('/files/testing/certificates/*', async (c) => {
    const session = requireSession(services, c.req.query('token'));
    const [, id] = TEST_FILE.exec(c.req.path) ?? [];
    const facts = id ? testCertificateFacts(services.db, Number(id)) : undefined;
    if (!facts || facts.user.id !== session.userId) throw notFound();
    const attempt = services.db.prepare('SELECT * FROM test_attempts WHERE id = ?').get(Number(id)) as AttemptRow;
    const pdf = await renderTestCertificate(services, attempt, findTest(services.db, attempt.test_id)!);
    if (!pdf) throw notFound();
    return pdfResponse(pdf);
  });
}
