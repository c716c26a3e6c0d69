import { z } from 'zod';
import { call, fileRef, noBody, noQuery } from './define';

/**
 * The certificates: the teacher's offline participation certificate (ADR 238), every certificate a user holds, and
 * the public check of one by the code printed on it (ADR 238). A code is 128 random bits in base64url, issued by the
 * upstream with the certificate's PDF.
 */

export const CERTIFICATE_CODE = /^[A-Za-z0-9_-]{22}$/;
export const certificateCode = z.string().regex(CERTIFICATE_CODE);

/**
 * A certificate's number as printed: «ОУ-0417», «Д-2026-000002» — letters and digits in groups joined by hyphens.
 * What a person types is brought to that form first (`normalizeCertificateNumber`).
 */
export const CERTIFICATE_NUMBER = /^[\p{L}\d]{1,10}(?:-[\p{L}\d]{1,12}){0,3}$/u;
export const CERTIFICATE_NUMBER_MAX = 40;
export const certificateNumber = z.string().max(CERTIFICATE_NUMBER_MAX).regex(CERTIFICATE_NUMBER);

/** Latin capitals that look like Cyrillic ones: every printed number's letters are Cyrillic (ОУ, Д, МК, Т). */
const LATIN_LOOK_ALIKES: Readonly<Record<string, string>> = {
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
  Y: 'У',
};

/**
 * A number as typed, in the printed form: invisible characters dropped, a leading «№» too, compatibility forms
 * folded (NFKC), any dash, minus or space between groups a hyphen, capitals, and a Latin letter that looks like a
 * Cyrillic one the Cyrillic one (ADR 238: a keyboard left in English types «MK-2026-000002»). «№ д–2026 000002»
 * becomes «Д-2026-000002».
 */
export function normalizeCertificateNumber(input: string): string {
  // «№» first: NFKC would make it «No».
  return input
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .trim()
    .replace(/^№\s*/, '')
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, '-')
    .toUpperCase()
    .replace(/[ABCEHKMOPTXY]/g, (letter) => LATIN_LOOK_ALIKES[letter]!);
}

/** A surname as compared: case, «ё» and spacing do not matter. */
export function normalizeSurname(input: string): string {
  return input.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The teacher's offline participation certificate (ADR 238): whether there is one, and its PDF. */
export const offlineCertificate = z.object({
  number: z.string().min(1),
  /** The day it was issued, `YYYY-MM-DD`. */
  issuedOn: isoDate,
  /** What the teacher took part in. */
  event: z.string().min(1),
  file: fileRef,
});
export type OfflineCertificate = z.infer<typeof offlineCertificate>;

export const heldCertificate = z.object({
  /**
   * `offline`: the teacher's offline certificate (ADR 238); `dictation`: a checked dictation's (ADR 239);
   * `masterClass`: a master class's recording watched, `test`: a test passed (ADR 238).
   */
  kind: z.enum(['offline', 'dictation', 'masterClass', 'test']),
  /** The dictation it was earned in; null for the others. */
  dictationId: z.number().int().positive().nullable(),
  /** The master class watched; null for the others. */
  webinarId: z.number().int().positive().nullable().default(null),
  /** The test passed; null for the others. */
  testId: z.number().int().positive().nullable().default(null),
  number: z.string().min(1),
  event: z.string().min(1),
  issuedOn: isoDate,
  file: fileRef,
});
export type HeldCertificate = z.infer<typeof heldCertificate>;

/** A certificate earned on a screen (a master class watched, a test passed: ADR 238), as that screen offers it. */
export const earnedCertificate = z.object({
  number: z.string().min(1),
  issuedOn: isoDate,
  file: fileRef,
});
export type EarnedCertificate = z.infer<typeof earnedCertificate>;

/** What anyone with the code may learn: never the full name, the e-mail or the result. */
export const verifiedCertificate = z.object({
  number: z.string().min(1),
  event: z.string().min(1),
  issuedOn: isoDate,
  holder: z.object({ firstName: z.string().min(1), lastInitial: z.string().max(1) }),
});
export type VerifiedCertificate = z.infer<typeof verifiedCertificate>;

export const certificatesCalls = {
  /** The teacher's offline certificate; null for a user who has none (the participant). */
  certificate: call({
    method: 'GET',
    path: '/rest/teachers/my/participantOfflineCertificate/',
    query: noQuery,
    body: noBody,
    result: z.object({ certificate: offlineCertificate.nullable() }),
    auth: 'required',
  }),
  myCertificates: call({
    method: 'GET',
    path: '/rest/certificates/my/list/',
    query: noQuery,
    body: noBody,
    /** The offline certificate first, then the dictations', the master classes' and the tests', each newest first. */
    result: z.object({ certificates: z.array(heldCertificate) }),
    auth: 'required',
    extension: true,
  }),
  /** Unknown code: 404. */
  verifyCertificate: call({
    method: 'GET',
    path: '/rest/certificates/verify/',
    query: z.object({ code: certificateCode }),
    body: noBody,
    result: verifiedCertificate,
    auth: 'none',
    extension: true,
  }),
  /**
   * The check by the printed number, for a paper without its QR code. Numbers run in sequence, so the holder's
   * surname is asked too (as printed on the certificate): without it anyone could walk the numbers and read
   * every holder's name. Unknown number, or a surname that is not the holder's: the same 404.
   */
  verifyCertificateByNumber: call({
    method: 'GET',
    path: '/rest/certificates/verify/by/number/',
    query: z.object({ number: certificateNumber, lastName: z.string().trim().min(1).max(100) }),
    body: noBody,
    result: verifiedCertificate,
    auth: 'none',
    extension: true,
  }),
} as const;
