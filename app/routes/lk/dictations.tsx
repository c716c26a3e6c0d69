import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { deferredForm } from '~/components/form/deferred-form';
import { CalendarLink } from '~/components/calendar-link';
import {
  canWrite,
  describeParticipation,
  offersCalendar,
  ParticipationBadge,
} from '~/components/dictation/participation-status';
import { freshResults, ResultsNotice } from '~/components/dictation/results-notice';
import { ScreenIntro } from '~/components/screen-intro';
import { registerForDictation, registrationForms, startDictation } from '~/server/dictation/registration.server';
import { formReply, replyMessages } from '~/components/form/form-reply';
import { describeEventState, EventStateBadge } from '~/components/dictation/event-dates';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { screenMeta } from '~/lib/meta';
import { startDictationSchema } from '~/forms/dictation-start.schema';

const copy = {
  title: 'Диктанты',
  lead: 'Ваши диктанты: приглашения, написанные тексты, оценки и сертификаты участника.',
  empty: 'Приглашений на диктанты пока нет. Календарь диктантов — на странице «Диктант».',
  calendar: 'Календарь диктантов',
  result: 'Результат и сертификат',
  details: 'Подробнее',
  writing: (from: string, to: string) => `Написание: с ${from} до ${to}`,
  badRequest: 'Не удалось открыть диктант: обновите страницу и нажмите кнопку ещё раз.',
  openTitle: 'Можно принять участие',
};

/**
 * Taking part in the event hydrates after its own chunk, as a deferred form does: it shows only around an
 * event, and its copy and forms kept the page over its first-load budget (ADR 221).
 */
const EventRegistration = deferredForm(() =>
  import('~/forms/dictation-event-registration').then((m) => m.EventRegistration),
);

/** The forms hydrate after their own chunks. */
const StartDictationForm = deferredForm(() => import('~/forms/dictation-start').then((m) => m.StartDictationForm));

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

/**
 * The user's dictations, their fresh results, and the events the user is not in yet that are open for
 * registration or for writing (joining on the day).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const [dictations, events] = await Promise.all([context.rest.dictation.mine(), context.rest.dictation.events()]);
  const mine = new Set(dictations.map((item) => item.event.id));
  return {
    // Today's dictation, which can be written now, first; the rest newest event first, as the upstream lists them.
    dictations: [...dictations.filter(canWrite), ...dictations.filter((item) => !canWrite(item))],
    results: freshResults(dictations),
    open: events.filter(
      (event) => (event.state === 'writing' || event.state === 'registration') && !mine.has(event.id),
    ),
  };
}

/**
 * «Начать диктант»: a fresh invitation link for one of the user's dictations, started at once — pressing the
 * button is the explicit start (ADR 213) — then off to the writing page. «Зарегистрироваться», and «Начать
 * диктант» for an event open for writing the user is not in yet (`intent=join`).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: { start: startDictationSchema, ...registrationForms },
    defaultIntent: 'start',
    submit: (value) =>
      value.intent === 'start'
        ? startDictation(context, value.id)
        : registerForDictation(context, value, '/lk/dictations'),
  });
}

/**
 * `/lk/dictations`: every dictation of the user with its status and score — the one that can be written now
 * first, then newest event first.
 */
export default function DictationsScreen() {
  const { dictations, results, open } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const registering = { intents: ['register', 'join'] };
  const starting = { intents: ['start'] };
  const registerReply = (eventId: number) => formReply(reply, { ...registering, field: ['eventId', eventId] });
  const startReply = (id: number) => formReply(reply, { ...starting, field: ['id', id] });
  // A refusal for a dictation without a form of its own (say, one no longer open): shown above the list.
  const orphan =
    formReply(reply, starting) && !dictations.some((item) => canWrite(item) && startReply(item.id))
      ? formReply(reply, starting)
      : formReply(reply, registering) && !open.some((event) => registerReply(event.id))
        ? formReply(reply, registering)
        : undefined;
  const orphanErrors = orphan ? replyMessages(orphan).join(' ') || copy.badRequest : null;
  return (
    <section className="dictations-screen">
      <ScreenIntro title={copy.title} lead={copy.lead}>
        <p>
          <Link to="/dictation">{copy.calendar}</Link>
        </p>
      </ScreenIntro>
      {orphanErrors ? (
        <p className="form-alert" role="alert" tabIndex={-1} autoFocus>
          {orphanErrors}
        </p>
      ) : null}
      <ResultsNotice results={results} />
      {open.length > 0 ? (
        <section aria-labelledby="open-title">
          <h2 id="open-title">{copy.openTitle}</h2>
          <ul className="dictation-list">
            {open.map((event) => (
              <li key={event.id} className="card">
                <h3 className="dictation-list__title">{event.title}</h3>
                <p>
                  <EventStateBadge state={event.state} /> {describeEventState(event)}
                </p>
                <EventRegistration
                  event={event}
                  own={false}
                  action="/lk/dictations"
                  lastResult={registerReply(event.id)}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {dictations.length === 0 ? (
        <p>{copy.empty}</p>
      ) : (
        <ul className="dictation-list">
          {dictations.map((item) => (
            <li key={item.id} className="card">
              <h2 className="dictation-list__title">
                <Link to={`/lk/dictations/${item.id}`}>{item.event.title}</Link>
              </h2>
              <p>
                <ParticipationBadge status={item.status} /> {describeParticipation(item)}
              </p>
              <p className="dictation-list__dates">
                {copy.writing(
                  formatMoscowDateTime(item.event.writingOpensAt),
                  formatMoscowDateTime(item.event.writingClosesAt),
                )}
              </p>
              {canWrite(item) ? (
                <StartDictationForm id={item.id} started={item.status === 'writing'} lastResult={startReply(item.id)} />
              ) : (
                <p>
                  <Link
                    to={`/lk/dictations/${item.id}`}
                    aria-label={`${item.status === 'checked' ? copy.result : copy.details}: ${item.event.title}`}
                  >
                    {item.status === 'checked' ? copy.result : copy.details}
                  </Link>
                </p>
              )}
              {offersCalendar(item) ? (
                <p>
                  <CalendarLink href={`/lk/dictations/${item.id}/calendar.ics`} title={item.event.title} />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
