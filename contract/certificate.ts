import { z } from 'zod';
import { call, fileRef, noBody, noQuery } from './define';

/** The teacher's offline participation certificate (ADR 066): whether there is one, and its PDF. */

export const certificate = z.object({
  number: z.string().min(1),
  /** The day it was issued, `YYYY-MM-DD`. */
  issuedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** What the teacher took part in. */
  event: z.string().min(1),
  file: fileRef,
});
export type Certificate = z.infer<typeof certificate>;

export const certificateCalls = {
  certificate: call({
    method: 'GET',
    path: '/rest/teachers/my/participantOfflineCertificate/',
    query: noQuery,
    body: noBody,
    result: z.object({ certificate: certificate.nullable() }),
    auth: 'required',
  }),
} as const;
