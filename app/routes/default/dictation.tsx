import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { describeEventState, EventDates, EventStateBadge } from '~/components/dictation/event-dates';
import type { JoinableEvent } from '~/forms/dictation-event-registration';
import { ownByEvent } from '~/lib/own-dictation';
import { deferredForm } from '~/components/form/deferred-form';
import { registerForDictation, registrationForms } from '~/server/dictation/registration.server';
import { formReply, replyMessages } from '~/components/form/form-reply';
import { ScreenIntro } from '~/components/screen-intro';
import { pickLeadEvent } from '~/lib/dictation-lead';
import { screenMeta } from '~/lib/meta';
import { useOptionalRootData } from '~/lib/root-data';

const copy = {
  title: 'Диктант',
  lead: 'Ежегодная акция в поддержку грамотности: диктант может написать каждый — в классе, дома или на работе.',
  current: 'Ближайший диктант',
  howTitle: 'Как написать диктант',
  how: [
    'Зарегистрируйтесь — это можно сделать и в день диктанта, пока идёт написание: личная ссылка на диктант придёт на вашу почту.',
    'Когда начнётся написание, откройте ссылку из письма или нажмите «Начать диктант» на этой странице или в личном кабинете, в разделе «Диктанты».',
    'Время на текст пойдёт с нажатия «Начать диктант» и будет идти, даже если закрыть страницу.',
    'Текст сохраняется сам каждые несколько секунд; когда закончите, нажмите «Завершить диктант».',
    'Приглашение, полученное по почте, открывается по ссылке из письма без входа на портал.',
  ],
  toCabinet: 'Перейти к моим диктантам',
  signIn: 'Войти и перейти к диктантам',
  calendar: 'Все диктанты',
  source: (source: string) => `Текст: ${source}.`,
  empty: 'Диктантов пока нет: о следующем мы объявим на этой странице.',
};

/**
 * Taking part in the event hydrates after its own chunk, as a deferred form does: it shows only around an
 * event, and its copy and forms kept the page over its first-load budget (ADR 221).
 */
const EventRegistration = deferredForm(() =>
  import('~/forms/dictation-event-registration').then((m) => m.EventRegistration),
);

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

/**
 * `/dictation`: the event and where it stands — announced, registration, writing, closed, results — and, for a
 * signed-in visitor, their dictation of each event open for registration or writing.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const [events, mine] = await Promise.all([
    context.rest.dictation.events(),
    context.session.user().then((user) => (user ? context.rest.dictation.mine() : null)),
  ]);
  return { ...pickLeadEvent(events), own: mine ? ownByEvent(mine) : null };
}

/**
 * «Зарегистрироваться», and «Начать диктант» while writing is open: a signed-out visitor is sent to
 * sign in and comes back here.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: registrationForms,
    defaultIntent: 'register',
    submit: (value) => registerForDictation(context, value, '/dictation'),
  });
}

export default function DictationScreen() {
  const { lead, others, own } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const signedIn = !!useOptionalRootData()?.viewer;
  const registration = (event: JoinableEvent) => (
    <EventRegistration
      event={event}
      own={own ? (own[event.id] ?? false) : null}
      action="/dictation"
      lastResult={formReply(actionData, { field: ['eventId', event.id] })}
    />
  );
  // A refusal for an event without a form of its own now (its registration has just closed): above the events.
  const joinable = (event: JoinableEvent | null) =>
    (event?.state === 'registration' || event?.state === 'writing') && !own?.[event.id];
  const shown = [lead, ...others].some(
    (event) => joinable(event) && formReply(actionData, { field: ['eventId', event!.id] }),
  );
  const refusal = shown ? '' : replyMessages(formReply(actionData)).join(' ');
  return (
    <section className="dictation-page">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {refusal ? (
        <p className="form-alert" role="alert" tabIndex={-1} autoFocus>
          {refusal}
        </p>
      ) : null}
      {lead ? (
        <article className="card dictation-event" aria-labelledby="lead-event">
          <p className="dictation-event__kicker">{copy.current}</p>
          <h2 id="lead-event">{lead.title}</h2>
          <p>
            <EventStateBadge state={lead.state} /> {describeEventState(lead)}
          </p>
          {/* The one action of the moment before the description, on a phone's first screen. */}
          {registration(lead)}
          <p>{lead.description}</p>
          <EventDates event={lead} />
          {lead.state === 'closed' || lead.state === 'results' ? null : (
            <>
              <h3>{copy.howTitle}</h3>
              <ol>
                {copy.how.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </>
          )}
          <p>
            <Link to="/lk/dictations" className="button">
              {signedIn ? copy.toCabinet : copy.signIn}
            </Link>
          </p>
        </article>
      ) : (
        <p>{copy.empty}</p>
      )}
      {others.length > 0 ? (
        <section aria-labelledby="calendar">
          <h2 id="calendar">{copy.calendar}</h2>
          <ul className="dictation-list">
            {others.map((event) => (
              <li key={event.id} className="card">
                <h3>{event.title}</h3>
                <p>
                  <EventStateBadge state={event.state} /> {describeEventState(event)}
                </p>
                {event.source ? <p>{copy.source(event.source)}</p> : null}
                {registration(event)}
                <EventDates event={event} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
