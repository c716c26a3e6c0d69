import type { OfflineCertificate } from '#contract';
import { formatFileSize } from '~/lib/format';
import { formatDate } from '#shared/moscow-time';
import { Facts } from '../ui/facts';

const copy = {
  title: 'Сертификат участника',
  none: 'Сертификата об очном участии у вас пока нет. Он появится здесь после очного мероприятия.',
  number: 'Номер',
  issued: 'Выдан',
  download: (size: number) => `Скачать сертификат (PDF, ${formatFileSize(size)})`,
};

/** Route of the PDF download: a portal resource route, so no upstream address or token reaches the page. */
export const CERTIFICATE_HREF = '/lk/certificate.pdf';

/** Whether the teacher has an offline certificate, and its download (cabinet home and profile). */
export function CertificateCard({ certificate }: { certificate: OfflineCertificate | null }) {
  return (
    <section className="card certificate" aria-labelledby="certificate-title">
      <h2 id="certificate-title">{copy.title}</h2>
      {certificate ? (
        <>
          <p>{certificate.event}</p>
          <Facts
            items={[
              [copy.number, certificate.number],
              [copy.issued, formatDate(certificate.issuedOn)],
            ]}
          />
          <p>
            <a className="button" href={CERTIFICATE_HREF} download>
              {copy.download(certificate.file.size)}
            </a>
          </p>
        </>
      ) : (
        <p>{copy.none}</p>
      )}
    </section>
  );
}
