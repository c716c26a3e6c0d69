import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { ownByEvent } from '~/lib/own-dictation';
import { deferredForm } from '~/components/form/deferred-form';
import { freshResults, ResultsNotice } from '~/components/dictation/results-notice';
import { BannerList } from '~/components/home/banner-list';
import { ScreenIntro } from '~/components/screen-intro';
import { Card } from '~/components/ui/card';
import { formatMoscowDateTime, formatWeekday } from '#shared/moscow-time';
import { plural } from '#shared/plural';
import { WelcomeNotice } from '~/forms/welcome-notice';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';
import { describeWeek, todayOf } from '~/lib/week-program';
import type { loader as cabinetLoader } from './layout';

const copy = {
  title: 'Личный кабинет',
  lead: 'Что дальше: задание дня, ближайший мастер-класс, ваш сертификат и анонсы портала.',
  todayTitle: 'Сегодня в программе недели',
  noDay: 'Сегодня в программе недели заданий нет.',
  sent: 'Ссылка за сегодня отправлена.',
  notSent: 'Вы ещё не отправили ссылку за сегодня.',
  toWeek: 'Открыть программу недели',
  nextTitle: 'Ближайший мастер-класс',
  noNext: 'Новых мастер-классов пока нет: посмотрите записи прошедших.',
  toMasterClasses: 'Все мастер-классы',
  participants: { one: 'участник', few: 'участника', many: 'участников' },
  dictationTitle: 'Идёт диктант',
  answersTitle: 'Вам ответили',
  answers: { one: 'новый ответ', few: 'новых ответа', many: 'новых ответов' },
  answersIn: {
    authorQuestions: { to: '/lk/author-questions', label: 'Вопросы автору' },
    support: { to: '/lk/support', label: 'Поддержка' },
  },
};

/**
 * Taking part in the event hydrates after its own chunk, as a deferred form does: it shows only around an
 * event, and its copy and forms kept the page over its first-load budget (ADR 221).
 */
const EventRegistration = deferredForm(() =>
  import('~/forms/dictation-event-registration').then((m) => m.EventRegistration),
);

/** Shown to an unconfirmed address only, and with a certificate only: both hydrate after their own chunks too. */
const EmailConfirmationNotice = deferredForm(() =>
  import('~/forms/email-confirmation-notice').then((m) => m.EmailConfirmationNotice),
);
const CertificateCard = deferredForm(() => import('~/components/home/certificate-card').then((m) => m.CertificateCard));

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

/** What is next for this user; the seven reads are independent, so they go out together. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const [banners, days, participation, certificate, masterClasses, dictations, events] = await Promise.all([
    context.rest.banners.list(),
    context.rest.week.days(),
    context.rest.week.participation(),
    context.rest.certificate.mine(),
    context.rest.webinars.list(),
    context.rest.dictation.mine(),
    context.rest.dictation.events(),
  ]);
  const own = ownByEvent(dictations);
  // Today's dictation leads for anyone who can write it: a dictation of theirs not yet submitted, or none.
  const writable = events
    .filter((event) => event.state === 'writing')
    .filter((event) => !own[event.id] || own[event.id]!.status === 'invited' || own[event.id]!.status === 'writing')
    .sort((a, b) => Date.parse(a.writingClosesAt) - Date.parse(b.writingClosesAt))[0];
  return {
    writeNow: writable ? { event: writable, own: own[writable.id] ?? null } : null,
    banners,
    today: todayOf(describeWeek(days, participation.links, Date.now())),
    certificate,
    // The list's upcoming ones come soonest first.
    next: masterClasses.upcoming[0] ?? null,
    dictationResults: freshResults(dictations),
  };
}

export default function CabinetHomeScreen() {
  const { banners, today, certificate, next, dictationResults, writeNow } = useLoaderData<typeof loader>();
  const { viewer } = useRootData();
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <EmailConfirmationNotice viewer={viewer} />
      {writeNow ? (
        <div className="cabinet-lead">
          <Card id="dictation-now" title={copy.dictationTitle} tone="accent">
            <p className="card__lead">{writeNow.event.title}</p>
            <EventRegistration event={writeNow.event} own={writeNow.own ?? false} action="/lk/dictations" />
          </Card>
        </div>
      ) : null}
      <NewAnswers />
      {/* Once, on the cabinet's home: not above every page (ADR 235). */}
      {viewer && viewer.popups.welcome !== true ? <WelcomeNotice /> : null}
      <ResultsNotice results={dictationResults} />
      <div className="home-grid">
        <section className="card" aria-labelledby="today-title">
          <h2 id="today-title">{copy.todayTitle}</h2>
          {today ? (
            <>
              <p>
                {formatWeekday(today.date)}: <strong>{today.title}</strong>
              </p>
              <p>{today.link ? copy.sent : copy.notSent}</p>
            </>
          ) : (
            <p>{copy.noDay}</p>
          )}
          <p>
            <Link to={today ? `/lk/week#day-${today.id}` : '/lk/week'}>{copy.toWeek}</Link>
          </p>
        </section>
        <section className="card" aria-labelledby="next-title">
          <h2 id="next-title">{copy.nextTitle}</h2>
          {next ? (
            <>
              <p>
                <Link to={`/lk/master-classes/${next.id}`}>{next.title}</Link>
              </p>
              <p>
                {formatMoscowDateTime(next.startsAt)} · {plural(next.participantsCount, copy.participants)}
              </p>
            </>
          ) : (
            <p>{copy.noNext}</p>
          )}
          <p>
            <Link to="/lk/master-classes">{copy.toMasterClasses}</Link>
          </p>
        </section>
        <CertificateCard certificate={certificate} />
      </div>
      <BannerList banners={banners} />
    </>
  );
}

/**
 * New answers lead the cabinet, below a dictation to write now: the counts the navigation's marks
 * already show, read by the cabinet's layout, so no call of its own.
 */
function NewAnswers() {
  const unseen = useRouteLoaderData<typeof cabinetLoader>('routes/lk/layout')?.unseen;
  if (!unseen) return null;
  const sections = (['authorQuestions', 'support'] as const).filter((section) => unseen[section] > 0);
  if (sections.length === 0) return null;
  return (
    <div className="cabinet-lead">
      <Card id="new-answers" title={copy.answersTitle} tone="accent">
        <ul className="new-answers">
          {sections.map((section) => (
            <li key={section}>
              <Link to={copy.answersIn[section].to}>{copy.answersIn[section].label}</Link>:{' '}
              {plural(unseen[section], copy.answers)}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
