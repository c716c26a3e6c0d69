import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { describeEventState, EventDates, EventStateBadge } from '~/components/dictation/event-dates';
import { ScreenIntro } from '~/components/screen-intro';
import { pickLeadEvent } from '~/dictation-lead';
import { screenMeta } from '~/meta';
import { useOptionalRootData } from '~/root-data';
import styles from '~/styles/dictation.css?url';

const copy = {
  title: 'Диктант',
  lead: 'Ежегодная акция в поддержку грамотности: диктант может написать каждый — в классе, дома или на работе.',
  current: 'Ближайший диктант',
  howTitle: 'Как написать диктант',
  how: [
    'Ссылка на ваш личный диктант — в личном кабинете, в разделе «Диктанты»: нажмите «Начать диктант».',
    'Время на текст пойдёт с первого открытия ссылки и будет идти, даже если закрыть страницу.',
    'Текст сохраняется сам каждые несколько секунд; когда закончите, нажмите «Завершить диктант».',
    'Приглашение, полученное по почте, открывается по ссылке из письма без входа на портал.',
  ],
  toCabinet: 'Перейти к моим диктантам',
  signIn: 'Войти и перейти к диктантам',
  calendar: 'Все диктанты',
  source: (source: string) => `Текст: ${source}.`,
  empty: 'Диктантов пока нет: о следующем мы объявим на этой странице.',
};

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

/** `/dictation`: the event and where it stands — announced, registration, writing, closed, results. */
export async function loader({ context }: LoaderFunctionArgs) {
  return pickLeadEvent(await context.rest.dictation.events());
}

export default function DictationScreen() {
  const { lead, others } = useLoaderData<typeof loader>();
  const signedIn = !!useOptionalRootData()?.viewer;
  return (
    <section className="dictation-page">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {lead ? (
        <article className="card dictation-event" aria-labelledby="lead-event">
          <p className="dictation-event__kicker">{copy.current}</p>
          <h2 id="lead-event">{lead.title}</h2>
          <p>
            <EventStateBadge state={lead.state} /> {describeEventState(lead)}
          </p>
          <p>{lead.description}</p>
          <EventDates event={lead} />
          <h3>{copy.howTitle}</h3>
          <ol>
            {copy.how.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
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
                <EventDates event={event} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
