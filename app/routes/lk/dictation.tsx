import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { EventDates } from '~/components/dictation/event-dates';
import { CalendarLink } from '~/components/calendar-link';
import {
  canWrite,
  describeParticipation,
  offersCalendar,
  ParticipationBadge,
} from '~/components/dictation/participation-status';
import { ReviewText } from '~/components/dictation/review-text';
import { deferredForm } from '~/components/form/deferred-form';
import { formatFileSize } from '~/lib/format';
import { screenMeta } from '~/lib/meta';
import { readId } from '~/server/route-params';

const copy = {
  fallbackTitle: 'Диктант',
  backToList: 'Все диктанты',
  result: 'Проверенный текст',
  yourText: 'Ваш текст',
  noText: 'Текст не сохранялся.',
  source: (source: string) => `Текст диктанта: ${source}.`,
  certificate: 'Сертификат участника',
  download: (size: string) => `Скачать сертификат (PDF, ${size})`,
  noGrade: (grade: number) =>
    `Оценка «${grade}» в сертификате не указана: он подтверждает участие. Если оценка всё же нужна, скачайте вариант с ней — проверка по QR-коду для обоих вариантов одна и та же.`,
  downloadGraded: (size: string) => `Скачать сертификат с оценкой (PDF, ${size})`,
};

const StartDictationForm = deferredForm(() => import('~/forms/dictation-start').then((m) => m.StartDictationForm));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  screenMeta(matches, data?.dictation.event.title ?? copy.fallbackTitle);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = readId(params, request);
  await requireUser(request, context);
  // Another user's dictation, like an unknown id, is the upstream's 404 and so the 404 page.
  const { certificate, gradedCertificate, ...dictation } = await context.rest.dictation.byId(id);
  // The page needs the certificates' sizes, not where the upstream keeps them.
  return {
    dictation,
    certificateSize: certificate?.size ?? null,
    gradedCertificateSize: gradedCertificate?.size ?? null,
  };
}

/** `/lk/dictations/{id}`: the dictation's status and score; once checked, the text with each error marked. */
export default function DictationScreen() {
  const { dictation, certificateSize, gradedCertificateSize } = useLoaderData<typeof loader>();
  const { event } = dictation;
  return (
    <article className="dictation-result">
      <p>
        <Link to="/lk/dictations">{copy.backToList}</Link>
      </p>
      <h1>{event.title}</h1>
      <p>
        <ParticipationBadge status={dictation.status} /> {describeParticipation(dictation)}
      </p>
      {canWrite(dictation) ? <StartDictationForm id={dictation.id} started={dictation.status === 'writing'} /> : null}
      <EventDates event={{ ...event, state: dictation.eventState }} />
      {offersCalendar(dictation) ? (
        <p>
          <CalendarLink href={`/lk/dictations/${dictation.id}/calendar.ics`} title={event.title} />
        </p>
      ) : null}
      {certificateSize !== null ? (
        <section aria-labelledby="certificate" className="card">
          <h2 id="certificate">{copy.certificate}</h2>
          <p>
            <a href={`/lk/dictations/${dictation.id}/certificate.pdf`} download className="button">
              {copy.download(formatFileSize(certificateSize))}
            </a>
          </p>
          {gradedCertificateSize !== null && dictation.grade !== null ? (
            <>
              <p>{copy.noGrade(dictation.grade)}</p>
              <p>
                <a href={`/lk/dictations/${dictation.id}/certificate.pdf?grade=1`} download>
                  {copy.downloadGraded(formatFileSize(gradedCertificateSize))}
                </a>
              </p>
            </>
          ) : null}
        </section>
      ) : null}
      {dictation.review ? (
        <section aria-labelledby="review">
          <h2 id="review">{copy.result}</h2>
          {event.source ? <p>{copy.source(event.source)}</p> : null}
          <ReviewText segments={dictation.review} />
        </section>
      ) : dictation.status === 'submitted' ? (
        <section aria-labelledby="text">
          <h2 id="text">{copy.yourText}</h2>
          {dictation.text ? <p className="review-text">{dictation.text}</p> : <p>{copy.noText}</p>}
        </section>
      ) : null}
    </article>
  );
}
