import { describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { DEMO_USERS } from '../seed/seed';
import { seedWebinars } from '../seed/seed-webinars';
import { listQuestions } from '../db/testing-questions';
import { createTestUpstream, pdfText } from '../testing';
import { seconds } from '#shared/time';

/** Certificates for a master class watched and a test passed, on the reference upstream. */

const PORTAL = 'https://portal.example.ru';
/** Master class 5: a past one with the 24-second demo recording, which nobody has watched. */
const WEBINAR = 5;
/** Test 1 «Основы права»: 10 questions, a pass mark of 70 %, nobody has taken it. */
const TEST = 1;

async function signedIn(user = DEMO_USERS.participant) {
  const up = await createTestUpstream({ portalOrigin: PORTAL });
  seedWebinars(up.db, up.clock.time);
  const { token } = await up.login(user);
  const as = (name: Parameters<typeof up.call>[0], options: Parameters<typeof up.call>[1] = {}) =>
    up.call(name, { ...options, token: token.authToken });
  const file = async (path: string) => up.app.request(`${path}?token=${encodeURIComponent(token.authToken)}`);
  return { up, as, file };
}

type Up = Awaited<ReturnType<typeof signedIn>>;

const watch = async ({ as }: Up) =>
  (await as('webinarById', { query: { id: String(WEBINAR) } })).envelope.result as CallResult<'webinarById'>;
const report = ({ as }: Up, positionSeconds: number) =>
  as('putHistoryTime', { body: { webinarId: WEBINAR, positionSeconds, watchedSeconds: positionSeconds } });
const mine = async ({ as }: Up) =>
  ((await as('myCertificates')).envelope.result as CallResult<'myCertificates'>).certificates;

/** Answers the test's questions: `right` of them right, the rest wrong; finishes the attempt. */
async function takeTest({ up, as }: Up, right: number) {
  const attempt = (await as('startAttempt', { body: { testId: TEST } })).envelope.result as CallResult<'startAttempt'>;
  for (const [index, question] of listQuestions(up.db, TEST).entries()) {
    const good = index < right;
    const body =
      question.kind === 'text'
        ? { optionIds: [], text: good ? question.rightTexts[0]! : 'не знаю' }
        : {
            optionIds: good
              ? question.rightOptionIds
              : [question.options.find((option) => !question.rightOptionIds.includes(option.id))!.id],
          };
    await as('putAnswer', { body: { attemptId: attempt.id, questionId: question.id, ...body } });
  }
  return (await as('finishAttempt', { body: { attemptId: attempt.id } })).envelope
    .result as CallResult<'finishAttempt'>;
}

describe('a master class watched (ADR 238)', () => {
  it('says what is needed and counted, and a single report claiming the end earns nothing', async () => {
    const up = await signedIn();
    expect((await watch(up)).certificate).toEqual({ neededSeconds: 20, countedSeconds: 0, earned: null });
    // The player's furthest point says the whole recording; the first report counts nothing.
    expect((await report(up, 24)).envelope.result).toMatchObject({ watchedSeconds: 24 });
    expect((await watch(up)).certificate).toEqual({ neededSeconds: 20, countedSeconds: 0, earned: null });
    // Reports in quick succession add only the real time between them.
    await report(up, 0);
    up.up.clock.advance(seconds(1));
    await report(up, 20);
    expect((await watch(up)).certificate).toMatchObject({ countedSeconds: 1, earned: null });
    expect((await mine(up)).filter((c) => c.kind === 'masterClass')).toEqual([]);
  });

  it('the review’s forgeries earn nothing beyond real time: 20 reports in 432 ms, 2 s claimed every 1,005 ms (issue 36)', async () => {
    const burst = await signedIn();
    for (let claimed = 1; claimed <= 20; claimed += 1) {
      expect((await report(burst, claimed)).status).toBe(200);
      burst.up.clock.advance(22);
    }
    expect((await watch(burst)).certificate).toMatchObject({ countedSeconds: 0, earned: null });

    const doubled = await signedIn();
    for (let claimed = 0; claimed <= 24; claimed += 2) {
      await report(doubled, claimed);
      doubled.up.clock.advance(1_005);
    }
    // 12 reports after the first, 12.06 s of real time: 12 s counted, the remainders carried, nothing free.
    expect((await watch(doubled)).certificate).toMatchObject({ countedSeconds: 12, earned: null });
  });

  it('credits one person for one recording at a time: two played at once share the real time (ADR 236)', async () => {
    const up = await signedIn();
    const other = (positionSeconds: number) =>
      up.as('putHistoryTime', { body: { webinarId: 6, positionSeconds, watchedSeconds: positionSeconds } });
    const counted = async (id: number) =>
      ((await up.as('webinarById', { query: { id: String(id) } })).envelope.result as CallResult<'webinarById'>)
        .certificate!.countedSeconds;
    await report(up, 0);
    await other(0);
    for (const position of [15, 24]) {
      up.up.clock.advance(seconds(position === 15 ? 15 : 9));
      await report(up, position);
      await other(position);
    }
    // 24 s of real time: 24 s counted in all, not 48.
    expect((await counted(WEBINAR)) + (await counted(6))).toBe(24);
  });

  it('earns the certificate once 80 % is counted from reports as the player sends them, listed and checkable', async () => {
    const up = await signedIn();
    // The player reports where playback starts, then every 15 s of it.
    await report(up, 0);
    up.up.clock.advance(seconds(15));
    await report(up, 15);
    expect((await watch(up)).certificate).toMatchObject({ countedSeconds: 15, earned: null });
    up.up.clock.advance(seconds(9));
    await report(up, 24);
    const { certificate } = await watch(up);
    expect(certificate).toMatchObject({ neededSeconds: 20, countedSeconds: 24 });
    expect(certificate?.earned).toMatchObject({
      number: expect.stringMatching(/^МК-\d{4}-\d{6}$/),
      file: { type: 'application/pdf', name: expect.stringMatching(/^Сертификат о просмотре МК-/) },
    });
    const earned = certificate!.earned!;
    // Watching it again changes nothing: the certificate stays the one first given.
    up.up.clock.advance(seconds(60));
    await report(up, 0);
    expect((await watch(up)).certificate?.earned).toEqual(earned);

    const held = (await mine(up)).filter((c) => c.kind === 'masterClass');
    expect(held).toEqual([
      expect.objectContaining({ webinarId: WEBINAR, number: earned.number, issuedOn: earned.issuedOn }),
    ]);

    const pdf = await up.file(earned.file.path);
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('СЕРТИФИКАТ');
    expect(text).not.toContain('УЧАСТНИКА');
    expect(text).toContain(`№ ${earned.number}`);
    expect(text).toContain('Смирнов Пётр');
    expect(text).toContain('просмотрел(а) мастер-класс');
    expect(text).toContain(`«${held[0]!.event}»`);
    expect(text).toContain('Просмотрено не менее 80 % записи мастер-класса от');
    const code = /https:\/\/portal\.example\.ru\/certificates\/([A-Za-z0-9_-]{22})/.exec(text)![1]!;

    const byCode = await up.up.call('verifyCertificate', { query: { code } });
    expect(byCode.envelope.result).toEqual({
      number: earned.number,
      event: held[0]!.event,
      issuedOn: earned.issuedOn,
      holder: { firstName: 'Пётр', lastInitial: 'С' },
    });
    const byNumber = await up.up.call('verifyCertificateByNumber', {
      query: { number: earned.number, lastName: 'смирнов' },
    });
    expect(byNumber.envelope.result).toEqual(byCode.envelope.result);
    const wrongName = await up.up.call('verifyCertificateByNumber', {
      query: { number: earned.number, lastName: 'Иванова' },
    });
    expect(wrongName.status).toBe(404);
  });

  it('keeps the file its owner’s', async () => {
    const watcher = await signedIn();
    await report(watcher, 0);
    watcher.up.clock.advance(seconds(15));
    await report(watcher, 15);
    watcher.up.clock.advance(seconds(9));
    await report(watcher, 24);
    const path = (await watch(watcher)).certificate!.earned!.file.path;
    const { token } = await watcher.up.login(DEMO_USERS.teacher);
    const theirs = await watcher.up.app.request(`${path}?token=${encodeURIComponent(token.authToken)}`);
    expect(theirs.status).toBe(404);
  });
});

describe('a test passed (ADR 238)', () => {
  it('a failed attempt earns nothing; the first passing one earns the certificate, kept whatever comes after', async () => {
    const up = await signedIn();
    const failed = await takeTest(up, 6);
    expect(failed.score).toMatchObject({ percent: 60, passed: false });
    const test = async () =>
      (await up.as('testById', { query: { id: String(TEST) } })).envelope.result as CallResult<'testById'>;
    expect((await test()).certificate).toBeNull();
    expect((await mine(up)).filter((c) => c.kind === 'test' && c.testId === TEST)).toEqual([]);

    const passed = await takeTest(up, 7);
    expect(passed.score).toMatchObject({ percent: 70, passed: true });
    const { certificate } = await test();
    expect(certificate).toMatchObject({ attemptId: passed.id, number: expect.stringMatching(/^Т-\d{4}-\d{6}$/) });
    expect(certificate!.number.endsWith(String(passed.id).padStart(6, '0'))).toBe(true);
    // A better score later does not make another certificate.
    await takeTest(up, 10);
    expect((await test()).certificate).toEqual(certificate);
    const held = (await mine(up)).filter((c) => c.kind === 'test' && c.testId === TEST);
    expect(held).toEqual([expect.objectContaining({ number: certificate!.number, event: 'Основы права' })]);

    const text = await pdfText(new Uint8Array(await (await up.file(certificate!.file.path)).arrayBuffer()));
    expect(text).toContain('успешно прошёл(ла) тест');
    expect(text).toContain('«Основы права»');
    expect(text).toContain('Результат: 7 из 10 правильных ответов (70 %) при проходном балле 70 %');

    const byNumber = await up.up.call('verifyCertificateByNumber', {
      query: { number: certificate!.number, lastName: 'Смирнов' },
    });
    expect(byNumber.envelope.result).toMatchObject({ number: certificate!.number, event: 'Основы права' });
    // The failed attempt's number in the same form is no certificate.
    const failedNumber = certificate!.number.replace(/\d{6}$/, String(failed.id).padStart(6, '0'));
    expect(
      (await up.up.call('verifyCertificateByNumber', { query: { number: failedNumber, lastName: 'Смирнов' } })).status,
    ).toBe(404);
    const failedFile = certificate!.file.path.replace(String(passed.id), String(failed.id));
    expect((await up.file(failedFile)).status).toBe(404);
  });
});
