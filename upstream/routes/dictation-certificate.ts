import type { FileRef } from '#contract';
import { verifyUrlOf } from '../db/certificate-codes';
import { findEvent, findParticipation, type EventRow, type ParticipationRow } from '../db/dictation';
import { findUserById } from '../db/users';
import { statusOf } from '../dictation/participation';
import { errorsIn, gradeFor } from '../dictation/review';
import { requireSession } from '../http/auth';
import { notFound } from '../http/envelope';
import { countText, issuedDateFormat, renderCertificatePdf } from '../pdf/certificate-pdf';
import type { Services, UpstreamApp } from '../services';

/** The certificate of a checked dictation: its owner's only, found by the token like the teacher's certificate. */
const PATH = /^\/files\/dictation\/certificates\/(\d+)\.pdf$/;
const pathOf = (participationId: number) => `/files/dictation/certificates/${participationId}.pdf`;

export const certificateNumber = (row: ParticipationRow, event: EventRow) =>
  `Д-${new Date(event.writing_opens_at).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`;

/** The PDF, or null when the dictation has none (not checked yet, or written without an account). */
async function render(services: Services, row: ParticipationRow, event: EventRow): Promise<Buffer | null> {
  if (row.user_id === null || statusOf(row, event, services.now()) !== 'checked') return null;
  const user = findUserById(services.db, row.user_id);
  if (!user) return null;
  const errors = errorsIn(event.reference_text, row.text);
  const number = certificateNumber(row, event);
  return renderCertificatePdf({
    title: `Сертификат участника диктанта № ${number}`,
    number,
    fullName: [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' '),
    deed: 'написал(а) диктант',
    event: event.title,
    detail: `Результат: оценка «${gradeFor(errors)}», ${errors === 0 ? 'без ошибок' : countText(errors, ['ошибка', 'ошибки', 'ошибок'])}`,
    issued: issuedDateFormat.format(new Date(event.results_at)),
    verifyUrl: verifyUrlOf(services, 'dictation', row.id),
  });
}

export async function certificateFileOf(
  services: Services,
  row: ParticipationRow,
  event: EventRow,
): Promise<FileRef | null> {
  const pdf = await render(services, row, event);
  if (!pdf) return null;
  return {
    path: pathOf(row.id),
    name: `Сертификат участника ${certificateNumber(row, event)}.pdf`,
    size: pdf.length,
    type: 'application/pdf',
  };
}

/** The file itself, outside the envelope like every file; registered before the static files. */
export function registerDictationCertificateFile(app: UpstreamApp, services: Services): void {
  app.get('/files/dictation/certificates/*', async (c) => {
    const session = requireSession(services, c.req.query('token'));
    const id = PATH.exec(c.req.path)?.[1];
    const row = id ? findParticipation(services.db, Number(id)) : undefined;
    if (!row || row.user_id !== session.userId) throw notFound();
    const pdf = await render(services, row, findEvent(services.db, row.event_id)!);
    if (!pdf) throw notFound();
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
    });
  });
}
