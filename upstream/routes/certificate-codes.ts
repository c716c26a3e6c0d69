import { normalizeSurname, type HeldCertificate, type VerifiedCertificate } from '#contract';
import { findCertificate, findCertificateByNumber } from '../db/certificates';
import { findCertificateCode } from '../db/certificate-codes';
import { findEvent, findParticipation, listUserParticipations } from '../db/dictation';
import { findUserById } from '../db/users';
import { statusOf } from '../dictation/participation';
import type { CallRegistrar } from '../http/calls';
import { notFound } from '../http/envelope';
import type { Services } from '../services';
import { moscowDate } from '#shared/moscow-time';
import { CERTIFICATE_FILE_PATH, renderFor } from './certificate';
import { certificateFileOf, certificateNumber } from './dictation-certificate';
import { earnedBy, testCertificateFacts, webinarCertificateFacts } from './earned-certificates';

/** Every certificate the user holds, each with its PDF (which issues its verification code). */
async function heldBy(services: Services, userId: number): Promise<HeldCertificate[]> {
  const { db } = services;
  const held: HeldCertificate[] = [];
  const offline = findCertificate(db, userId);
  if (offline) {
    const pdf = await renderFor(services, offline);
    held.push({
      kind: 'offline',
      dictationId: null,
      webinarId: null,
      testId: null,
      number: offline.number,
      event: offline.event,
      issuedOn: offline.issued_on,
      file: {
        path: CERTIFICATE_FILE_PATH,
        name: `Сертификат ${offline.number}.pdf`,
        size: pdf.length,
        type: 'application/pdf',
      },
    });
  }
  for (const row of listUserParticipations(db, userId)) {
    const event = findEvent(db, row.event_id)!;
    const file = await certificateFileOf(services, row, event);
    if (!file) continue;
    const number = certificateNumber(row, event);
    held.push({
      kind: 'dictation',
      dictationId: row.id,
      webinarId: null,
      testId: null,
      number,
      event: event.title,
      issuedOn: moscowDate(event.results_at),
      file,
    });
  }
  const { masterClasses, tests } = await earnedBy(services, userId);
  for (const { number, event, issuedOn, file, webinarId } of masterClasses) {
    held.push({ kind: 'masterClass', dictationId: null, webinarId, testId: null, number, event, issuedOn, file });
  }
  for (const { number, event, issuedOn, file, testId } of tests) {
    held.push({ kind: 'test', dictationId: null, webinarId: null, testId, number, event, issuedOn, file });
  }
  return held;
}

/** What a code proves, or undefined when it proves nothing (unknown, or its certificate is gone). */
function verify(services: Services, code: string): VerifiedCertificate | undefined {
  const { db } = services;
  const found = findCertificateCode(db, code);
  if (!found) return undefined;
  if (found.kind === 'offline') {
    const row = findCertificate(db, found.ref);
    const user = findUserById(db, found.ref);
    if (!row || !user) return undefined;
    return { number: row.number, event: row.event, issuedOn: row.issued_on, holder: holderOf(user) };
  }
  if (found.kind === 'webinar' || found.kind === 'test') {
    const facts = (found.kind === 'webinar' ? webinarCertificateFacts : testCertificateFacts)(db, found.ref);
    return (
      facts && { number: facts.number, event: facts.event, issuedOn: facts.issuedOn, holder: holderOf(facts.user) }
    );
  }
  const row = findParticipation(db, found.ref);
  const event = row && findEvent(db, row.event_id);
  const user = row?.user_id ? findUserById(db, row.user_id) : undefined;
  if (!row || !event || !user || statusOf(row, event, services.now()) !== 'checked') return undefined;
  const number = certificateNumber(row, event);
  return { number, event: event.title, issuedOn: moscowDate(event.results_at), holder: holderOf(user) };
}

/**
 * What a printed number proves when the surname is the holder's, or undefined: the offline
 * certificates' numbers are stored, a dictation's is made of its year and participation (`Д-2026-000002`), a
 * master class's of its year and certificate (`МК-2026-000001`), a test's of its year and attempt
 * (`Т-2026-000041`).
 */
function verifyNumber(services: Services, number: string, lastName: string): VerifiedCertificate | undefined {
  const { db } = services;
  const holds = (user: { last_name: string } | undefined) =>
    user !== undefined && normalizeSurname(user.last_name) === normalizeSurname(lastName);
  const offline = findCertificateByNumber(db, number);
  if (offline) {
    const user = findUserById(db, offline.user_id);
    if (!holds(user)) return undefined;
    return { number, event: offline.event, issuedOn: offline.issued_on, holder: holderOf(user!) };
  }
  const earned = /^(МК|Т)-\d{4}-(\d{6})$/.exec(number);
  if (earned) {
    const facts = (earned[1] === 'МК' ? webinarCertificateFacts : testCertificateFacts)(db, Number(earned[2]));
    if (!facts || facts.number !== number || !holds(facts.user)) return undefined;
    return { number, event: facts.event, issuedOn: facts.issuedOn, holder: holderOf(facts.user) };
  }
  const dictation = /^Д-\d{4}-(\d{6})$/.exec(number);
  const row = dictation ? findParticipation(db, Number(dictation[1])) : undefined;
  const event = row && findEvent(db, row.event_id);
  if (!row || !event || certificateNumber(row, event) !== number) return undefined;
  const user = row.user_id === null ? undefined : findUserById(db, row.user_id);
  if (!holds(user) || statusOf(row, event, services.now()) !== 'checked') return undefined;
  return { number, event: event.title, issuedOn: moscowDate(event.results_at), holder: holderOf(user!) };
}

/** The first name and the surname's initial: enough to match the paper, too little to find the person. */
const holderOf = (user: { first_name: string; last_name: string }) => ({
  firstName: user.first_name,
  lastInitial: user.last_name.slice(0, 1),
});

/** The user's certificates, and the public check of a code or of a number with the surname. */
export function registerCertificateCodeRoutes(calls: CallRegistrar, services: Services): void {
  calls.authenticated('myCertificates', async ({ session }) => ({
    certificates: await heldBy(services, session.userId),
  }));

  calls.open('verifyCertificate', ({ query }) => {
    const verified = verify(services, query.code);
    if (!verified) throw notFound();
    return verified;
  });

  calls.open('verifyCertificateByNumber', ({ query }) => {
    const verified = verifyNumber(services, query.number, query.lastName);
    if (!verified) throw notFound();
    return verified;
  });
}
