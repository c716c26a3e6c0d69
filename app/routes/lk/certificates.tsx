import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { CERTIFICATE_HREF } from '~/components/home/certificate-card';
import { ScreenIntro } from '~/components/screen-intro';
import { formatFileSize } from '~/lib/format';
import { formatDate } from '#shared/moscow-time';
import { screenMeta } from '~/lib/meta';

const copy = {
  title: 'Сертификаты',
  lead: 'Все ваши сертификаты. На каждом есть адрес и QR-код, по которым любой может проверить его подлинность.',
  none:
    'Сертификатов у вас пока нет. Сертификат участника диктанта появится здесь, когда будут опубликованы ' +
    'результаты; сертификат о просмотре — когда вы посмотрите не меньше 80 % записи мастер-класса; ' +
    'сертификат о прохождении теста — когда вы его пройдёте.',
  kinds: {
    offline: 'Сертификат об очном участии',
    dictation: 'Сертификат участника диктанта',
    masterClass: 'Сертификат о просмотре мастер-класса',
    test: 'Сертификат о прохождении теста',
  },
  number: (number: string) => `№ ${number}`,
  issued: (date: string) => `выдан ${formatDate(date)}`,
  download: 'Скачать PDF',
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const certificates = await context.rest.certificates.mine();
  // The upstream's file paths stay on the server: each PDF has its portal route.
  return {
    certificates: certificates.map(({ file, dictationId, webinarId, testId, ...certificate }) => ({
      ...certificate,
      size: file.size,
      href:
        dictationId !== null
          ? `/lk/dictations/${dictationId}/certificate.pdf`
          : webinarId !== null
            ? `/lk/master-classes/${webinarId}/certificate.pdf`
            : testId !== null
              ? `/lk/testing/${testId}/certificate.pdf`
              : CERTIFICATE_HREF,
    })),
  };
}

/**
 * `/lk/certificates`: every certificate the user holds, each downloadable: the offline one, the
 * dictations', the master classes watched and the tests passed.
 */
export default function CertificatesScreen() {
  const { certificates } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {certificates.length === 0 ? (
        <p>{copy.none}</p>
      ) : (
        <ul className="requests">
          {certificates.map((certificate) => (
            <li key={certificate.href} className="request">
              <h2 className="request__title">{copy.kinds[certificate.kind]}</h2>
              <p className="request__meta">
                {copy.number(certificate.number)}, {copy.issued(certificate.issuedOn)}
              </p>
              <p>{certificate.event}</p>
              <p>
                <a className="button" href={certificate.href} download>
                  {copy.download}
                  <span className="visually-hidden">: {certificate.number}</span>, {formatFileSize(certificate.size)}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
