import { findCertificate, type CertificateRow } from '../db/certificates';
import { verifyUrlOf } from '../db/certificate-codes';
import { findUserById } from '../db/users';
import { requireSession } from '../http/auth';
import type { CallRegistrar } from '../http/calls';
import { notFound, unauthorized } from '../http/envelope';
import { renderCertificatePdf } from '../pdf/certificate-pdf';
import { formatDate } from '#shared/moscow-time';
import { plural } from '#shared/plural';
import type { Services, UpstreamApp } from '../services';

/** Each user's own certificate: the file is found by the token, so its path names nobody. */
export const CERTIFICATE_FILE_PATH = '/files/certificates/my.pdf';

export async function renderFor(services: Services, row: CertificateRow): Promise<Buffer> {
  const user = findUserById(services.db, row.user_id);
  if (!user) throw unauthorized();
  const fullName = [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' ');
  return renderCertificatePdf({
    title: `Сертификат участника № ${row.number}`,
    number: row.number,
    fullName,
    deed: 'принял(а) очное участие в мероприятии',
    event: row.event,
    detail: `в объёме ${plural(row.hours, { one: 'академический час', few: 'академических часа', many: 'академических часов' })}`,
    // A calendar day (`YYYY-MM-DD`), read as that day in Moscow.
    issued: formatDate(row.issued_on),
    verifyUrl: verifyUrlOf(services, 'offline', row.user_id),
  });
}

export function registerCertificateRoutes(calls: CallRegistrar, services: Services): void {
  calls.authenticated('certificate', async ({ session }) => {
    const row = findCertificate(services.db, session.userId);
    if (!row) return { certificate: null };
    const pdf = await renderFor(services, row);
    return {
      certificate: {
        number: row.number,
        issuedOn: row.issued_on,
        event: row.event,
        file: {
          path: CERTIFICATE_FILE_PATH,
          name: `Сертификат ${row.number}.pdf`,
          size: pdf.length,
          type: 'application/pdf',
        },
      },
    };
  });
}

/** The PDF itself, outside the envelope like every file; registered before the static files. */
export function registerCertificateFile(app: UpstreamApp, services: Services): void {
  app.get(CERTIFICATE_FILE_PATH, async (c) => {
    const session = requireSession(services, c.req.query('token'));
    const row = findCertificate(services.db, session.userId);
    if (!row) throw notFound();
    const pdf = await renderFor(services, row);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
    });
  });
}
