import type { FileRef } from '#contract';
import { verifyUrlOf } from '../db/certificate-codes';
import { findEvent, findParticipation, type EventRow, type ParticipationRow } from '../db/dictation';
import { findUserById } from '../db/users';
import { statusOf } from '../dictation/participation';
import { errorsIn, gradeFor } from '../dictation/review';
import { requireSession } from '../http/auth';
import { notFound } from '../http/envelope';
import { renderCertificatePdf } from '../pdf/certificate-pdf';
import { formatDate } from '#shared/moscow-time';
import { plural } from '#shared/plural';
import type { Services, UpstreamApp } from '../services';

/**
 * The certificate of a checked dictation: its owner's only, found by the token like the teacher's certificate.
 * A failing grade is not printed unless the participant asks for it (ADR 238): that variant is a file of its own.
 */
const PATH = /^\/files\/dictation\/certificates\/(\d+)(-grade)?\.pdf$/;
const pathOf = (participationId: number, variant: Variant) =>
  `/files/dictation/certificates/${participationId}${variant === 'with-grade' ? '-grade' : ''}.pdf`;

/** `plain`: as the certificate is given; `with-grade`: a failing grade printed at the participant's request. */
type Variant = 'plain' | 'with-grade';

export const certificateNumber = (row: ParticipationRow, event: EventRow) =>
  `Д-${new Date(event.writing_opens_at).getUTCFullYear()}-${String(row.id).padStart(6, '0')}`;

/** «2»: what the certificate leaves out unless asked. */
export const isFailingGrade = (grade: number) => grade <= 2;

/** The PDF, or null when the dictation has none (not checked yet, or written without an account). */
async function render(
  services: Services,
  row: ParticipationRow,
  event: EventRow,
  variant: Variant,
): Promise<Buffer | null> {
  if (row.user_id === null || statusOf(row, event, services.now()) !== 'checked') return null;
  const user = findUserById(services.db, row.user_id);
  if (!user) return null;
  const errors = errorsIn(event.reference_text, row.text);
  const grade = gradeFor(errors);
  const number = certificateNumber(row, event);
  const printsGrade = !isFailingGrade(grade) || variant === 'with-grade';
  return renderCertificatePdf({
    title: `Сертификат участника диктанта № ${number}`,
    number,
    fullName: [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' '),
    deed: 'написал(а) диктант',
    event: event.title,
    detail: printsGrade
      ? `Результат: оценка «${grade}», ${errors === 0 ? 'без ошибок' : plural(errors, { one: 'ошибка', few: 'ошибки', many: 'ошибок' })}`
      : null,
    issued: formatDate(event.results_at),
    verifyUrl: verifyUrlOf(services, 'dictation', row.id),
  });
}

/**
 * The certificate's file, or null when there is none; `with-grade` is null too when the grade is not failing, for
 * then the certificate prints it anyway and there is nothing to ask for.
 */
export async function certificateFileOf(
  services: Services,
  row: ParticipationRow,
  event: EventRow,
  variant: Variant = 'plain',
): Promise<FileRef | null> {
  if (variant === 'with-grade' && !isFailingGrade(gradeFor(errorsIn(event.reference_text, row.text)))) return null;
  const pdf = await render(services, row, event, variant);
  if (!pdf) return null;
  const number = certificateNumber(row, event);
  return {
    path: pathOf(row.id, variant),
    name: `Сертификат участника ${number}${variant === 'with-grade' ? ' с оценкой' : ''}.pdf`,
    size: pdf.length,
    type: 'application/pdf',
  };
}

/** The file itself, outside the envelope like every file; registered before the static files. */
export function registerDictationCertificateFile(app: UpstreamApp, services: Services): void {
  app.get('/files/dictation/certificates/*', async (c) => {
    const session = requireSession(services, c.req.query('token'));
    const [, id, withGrade] = PATH.exec(c.req.path) ?? [];
    const row = id ? findParticipation(services.db, Number(id)) : undefined;
    if (!row || row.user_id !== session.userId) throw notFound();
    const event = findEvent(services.db, row.event_id)!;
    const variant = withGrade ? 'with-grade' : 'plain';
    // The variant with the grade exists only for a failing grade, as `certificateFileOf` hands it out.
    if (variant === 'with-grade' && !(await certificateFileOf(services, row, event, variant))) throw notFound();
    const pdf = await render(services, row, event, variant);
    if (!pdf) throw notFound();
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
    });
  });
}
