import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { tooManyAttemptsMessage } from '#bff/request/rate-limit.server';
import { isThrownStatus } from '#bff/not-found.server';
import {
  CertificateNumberForm,
  checkHeaders,
  CertificateVerdict,
  checkCopy as copy,
  maskedName,
} from '~/components/certificate-check';
import { isCertificateCode } from '~/server/path-codes.server';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';

const EMPTY_LOOKUP = { values: { number: '', lastName: '' }, errors: {} };

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...screenMeta(matches, data?.view === 'not-found' ? copy.notFound : copy.title, copy.lead),
  // A holder's name, however masked, is not for search engines.
  { name: 'robots', content: 'noindex, nofollow' },
];

export const headers = checkHeaders;

/**
 * `/certificates/{code}`, public: whether a certificate is genuine. A look that finds no certificate
 * counts against the address's budget of failures, like a wrong password, and the budget is checked
 * before anything else, so codes cannot be tried in bulk; a code of the wrong shape or one nobody was given is
 * «Сертификат не найден» with a 404 (ADR 238), the same for both, with the form that checks by number. A genuine
 * certificate costs nothing: a school may check a whole class's.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const attempt = await context.limits.attempt('certificate-check', context.clientAddress);
  if (attempt.wait !== null) {
    return data(
      { view: 'limited' as const, limited: tooManyAttemptsMessage(attempt.wait), certificate: null },
      { status: 429, headers: { 'Retry-After': String(attempt.wait) } },
    );
  }
  const notFound = () => data({ view: 'not-found' as const, limited: null, certificate: null }, { status: 404 });
  const code = params.code ?? '';
  if (!isCertificateCode(code)) return notFound();
  try {
    const { holder, ...certificate } = await context.rest.certificates.verify(code);
    await attempt.settle('succeeded');
    return { view: 'genuine' as const, limited: null, certificate: { ...certificate, holder: maskedName(holder) } };
  } catch (error) {
    // An unknown code is the upstream's 404 (thrown as the error page's status); it stays counted, as does any other failure.
    if (isThrownStatus(error, 404)) return notFound();
    throw error;
  }
}

export default function CertificateCheckScreen() {
  const { view, limited, certificate } = useLoaderData<typeof loader>();
  if (view === 'genuine' && certificate) {
    return (
      <>
        <ScreenIntro title={copy.title} lead={copy.lead} />
        <CertificateVerdict certificate={certificate} />
      </>
    );
  }
  if (view === 'not-found') {
    return (
      <>
        <ScreenIntro title={copy.notFound} lead={copy.notFoundByCode} />
        <CertificateNumberForm lookup={EMPTY_LOOKUP} />
      </>
    );
  }
  return (
    <>
      <ScreenIntro title={copy.title} />
      <p role="alert">{limited}</p>
    </>
  );
}
