import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { tooManyAttemptsMessage } from '#bff/auth/rate-limit.server';
import { isCertificateCode } from './path-codes.server';
import { pageNotFound } from '#bff/not-found.server';
import { ScreenIntro } from '~/components/screen-intro';
import { formatDate } from '~/format';
import { screenMeta } from '~/meta';
import { Facts } from '~/components/ui/facts';

const copy = {
  title: 'Проверка сертификата',
  genuine: 'Сертификат подлинный',
  lead: 'Сертификат с этим кодом выдан порталом. Сверьте данные с бумажным или PDF-экземпляром.',
  number: 'Номер',
  holder: 'Выдан',
  event: 'Мероприятие',
  issued: 'Дата выдачи',
  privacy: 'Фамилия показана только первой буквой: полные данные участника знает только он сам и организаторы.',
};

/** «Иван П.»: enough to match the paper, too little to find the person (ADR 027). */
const maskedName = (holder: { firstName: string; lastInitial: string }) =>
  holder.lastInitial ? `${holder.firstName} ${holder.lastInitial}.` : holder.firstName;

export const meta: MetaFunction = ({ matches }) => [
  ...screenMeta(matches, copy.title, copy.lead),
  // A holder's name, however masked, is not for search engines.
  { name: 'robots', content: 'noindex, nofollow' },
];

/** The 429's wait, and no cache anywhere: what a check says must be what the upstream says now. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  const retryAfter = loaderHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

/**
 * `/certificates/{code}`, public: whether a certificate is genuine (ADR 027). A look that finds no certificate
 * counts against the address's budget of failures, like a wrong password (ADR 040), and the budget is checked
 * before anything else, so codes cannot be tried in bulk; a code of the wrong shape or one nobody was given is
 * the 404 page, the same for both. A genuine certificate costs nothing: a school may check a whole class's.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const attempt = await context.limits.attempt('certificate-check', context.clientAddress);
  if (attempt.wait !== null) {
    return data(
      { limited: tooManyAttemptsMessage(attempt.wait), certificate: null },
      {
        status: 429,
        headers: { 'Retry-After': String(attempt.wait) },
      },
    );
  }
  const code = params.code ?? '';
  if (!isCertificateCode(code)) throw pageNotFound(new URL(request.url).pathname);
  // An unknown code is the upstream's 404, which becomes the 404 page; it stays counted, as does any other failure.
  const { holder, ...certificate } = await context.rest.certificates.verify(code);
  await attempt.settle('succeeded');
  return { limited: null, certificate: { ...certificate, holder: maskedName(holder) } };
}

export default function CertificateCheckScreen() {
  const { limited, certificate } = useLoaderData<typeof loader>();
  if (!certificate) {
    return (
      <>
        <ScreenIntro title={copy.title} />
        <p role="alert">{limited}</p>
      </>
    );
  }
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <p className="certificate-check__verdict">
        <strong>{copy.genuine}</strong>
      </p>
      <Facts
        items={[
          [copy.number, certificate.number],
          [copy.holder, certificate.holder],
          [copy.event, certificate.event],
          [copy.issued, formatDate(certificate.issuedOn)],
        ]}
      />
      <p>
        <small>{copy.privacy}</small>
      </p>
    </>
  );
}
