import { z } from 'zod';
import { call, fileRef, noBody, noQuery } from './define';

/**
 * Every certificate a user holds, and the public check of one by the code printed on it (ADR 027). A code is
 * 128 random bits in base64url, issued by the upstream with the certificate's PDF.
 */

export const CERTIFICATE_CODE = /^[A-Za-z0-9_-]{22}$/;
export const certificateCode = z.string().regex(CERTIFICATE_CODE);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const heldCertificate = z.object({
  /** `offline`: the teacher's offline certificate (ADR 015); `dictation`: a checked dictation's (ADR 018). */
  kind: z.enum(['offline', 'dictation']),
  /** The dictation it was earned in; null for the offline certificate. */
  dictationId: z.number().int().positive().nullable(),
  number: z.string().min(1),
  event: z.string().min(1),
  issuedOn: isoDate,
  file: fileRef,
});
export type HeldCertificate = z.infer<typeof heldCertificate>;

/** What anyone with the code may learn: never the full name, the e-mail or the result. */
export const verifiedCertificate = z.object({
  number: z.string().min(1),
  event: z.string().min(1),
  issuedOn: isoDate,
  holder: z.object({ firstName: z.string().min(1), lastInitial: z.string().max(1) }),
});
export type VerifiedCertificate = z.infer<typeof verifiedCertificate>;

export const certificatesCalls = {
  myCertificates: call({
    method: 'GET',
    path: '/rest/certificates/my/list/',
    query: noQuery,
    body: noBody,
    /** The offline certificate first, then the dictations' newest first. */
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
} as const;
