import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { tooManyAttemptsMessage } from '#bff/request/rate-limit.server';
import {
  CertificateNumberForm,
  checkHeaders,
  CertificateVerdict,
  checkCopy as copy,
  maskedName,
} from '~/components/certificate-check';
import { ScreenIntro } from '~/components/screen-intro';
import { isThrownStatus } from '#bff/not-found.server';
import { screenMeta } from '~/lib/meta';
import { readNumberLookup } from '~/forms/certificate-lookup.schema';

const lead =
  'Проверьте, выдан ли сертификат порталом: по QR-коду на сертификате или по его номеру и фамилии участника.';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...screenMeta(matches, data?.view === 'not-found' ? copy.notFound : copy.title, lead),
  // A check's answer names a holder, however masked: not for search engines.
  { name: 'robots', content: 'noindex, nofollow' },
];

export const headers = checkHeaders;

/**
 * `/certificates`, public: the check by the printed number with the holder's surname, a GET form.
 * Without a query, the form. A field that cannot be right gets its message at the field (400), without
 * asking the upstream or spending the budget. Otherwise the look spends the address's budget as a code's does
 * (ADRs 238 and 216) — a genuine certificate gives it back — and a number that is not there, or not with that
 * surname, is «Сертификат не найден» with a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has('number') && !params.has('lastName')) {
    return { view: 'form' as const, lookup: { values: { number: '', lastName: '' }, errors: {} }, certificate: null };
  }
  const { values, errors, query } = readNumberLookup(params);
  const lookup = { values, errors };
  if (!query) return data({ view: 'form' as const, lookup, certificate: null }, { status: 400 });

  const attempt = await context.limits.attempt('certificate-check', context.clientAddress);
  if (attempt.wait !== null) {
    return data(
      { view: 'limited' as const, lookup, certificate: null, limited: tooManyAttemptsMessage(attempt.wait) },
      { status: 429, headers: { 'Retry-After': String(attempt.wait) } },
    );
  }
  try {
    const { holder, ...certificate } = await context.rest.certificates.verifyByNumber(query.number, query.lastName);
    await attempt.settle('succeeded');
    return { view: 'genuine' as const, lookup, certificate: { ...certificate, holder: maskedName(holder) } };
  } catch (error) {
    // Not there, or not with that surname: one answer for both, and the look stays counted.
    if (isThrownStatus(error, 404)) {
      return data({ view: 'not-found' as const, lookup, certificate: null }, { status: 404 });
    }
    throw error;
  }
}

export default function CertificatesCheckScreen() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.view === 'genuine' && loaded.certificate) {
    return (
      <>
        <ScreenIntro title={copy.title} lead={copy.lead} />
        <CertificateVerdict certificate={loaded.certificate} />
        <CertificateNumberForm lookup={{ values: { number: '', lastName: '' }, errors: {} }} />
      </>
    );
  }
  if (loaded.view === 'not-found') {
    return (
      <>
        <ScreenIntro title={copy.notFound} />
        <p role="alert">{copy.notFoundByNumber}</p>
        <CertificateNumberForm lookup={loaded.lookup} />
      </>
    );
  }
  return (
    <>
      <ScreenIntro title={copy.title} lead={lead} />
      {'limited' in loaded && loaded.limited ? <p role="alert">{loaded.limited}</p> : null}
      <CertificateNumberForm lookup={loaded.lookup} />
    </>
  );
}
