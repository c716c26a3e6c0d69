import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { CalendarLink } from '~/components/calendar-link';
import { RecordingPlayer } from '~/components/recording-player';
import { formatDuration, formatMoscowDateTime, pluralize } from '~/lib/format';
import { screenMeta } from '~/lib/meta';
import { readId } from '~/server/route-params';
import { formatPosition } from '#shared/clock';
import { minutes } from '#shared/time';

const copy = {
  fallbackTitle: 'Мастер-класс',
  backToList: 'Все мастер-классы',
  speakers: 'Ведущие',
  participants: { one: 'участник', few: 'участника', many: 'участников' },
  recording: 'Запись',
  resumeFrom: (clock: string) => `Вы остановились на ${clock}: запись продолжится с этого места.`,
  download: 'Скачать запись',
  broadcast: 'Смотреть трансляцию',
  broadcastNote: 'Трансляция откроется на сайте вебинарной площадки в новой вкладке.',
  startsAt: (when: string) => `Начало: ${when}.`,
  live: 'Трансляция идёт сейчас.',
  noRecording: 'Мастер-класс прошёл. Запись появится в ближайшие дни.',
} as const;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  screenMeta(matches, data?.webinar.title ?? copy.fallbackTitle, data?.webinar.description.split('\n')[0]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = readId(params, request);
  await requireUser(request, context);
  // An unknown id is the upstream's 404, which becomes the 404 page.
  const { recording, ...webinar } = await context.rest.webinars.byId(id);
  // The page needs to know that there is a recording, not where the upstream keeps it.
  return { webinar: { ...webinar, hasRecording: recording !== null }, now: Date.now() };
}

/** `/lk/master-classes/{id}`: the recording (resumed where the user stopped) or the live broadcast. */
export default function MasterClassScreen() {
  const { webinar, now } = useLoaderData<typeof loader>();
  const starts = Date.parse(webinar.startsAt);
  const ended = starts + minutes(webinar.durationMinutes) <= now;
  const position = webinar.progress?.positionSeconds ?? 0;
  return (
    <article className="webinar">
      <p>
        <Link to="/lk/master-classes">{copy.backToList}</Link>
      </p>
      <h1>{webinar.title}</h1>
      <p className="webinar__when">
        <time dateTime={webinar.startsAt}>{formatMoscowDateTime(webinar.startsAt)}</time>
        {', '}
        {formatDuration(webinar.durationMinutes)}
        {' · '}
        {pluralize(webinar.participantsCount, copy.participants)}
      </p>

      {webinar.hasRecording && webinar.recordingSeconds ? (
        <section aria-labelledby="recording" className="webinar__media">
          <h2 id="recording">{copy.recording}</h2>
          <RecordingPlayer
            src={`/lk/master-classes/${webinar.id}/recording`}
            reportTo={`/lk/master-classes/${webinar.id}/progress`}
            lengthSeconds={webinar.recordingSeconds}
            startSeconds={position}
            watchedSeconds={webinar.progress?.watchedSeconds ?? 0}
            fallback={copy.download}
          />
          {position > 0 && position < webinar.recordingSeconds - 1 ? (
            <p>{copy.resumeFrom(formatPosition(position))}</p>
          ) : null}
        </section>
      ) : webinar.broadcastUrl && !ended ? (
        <section className="webinar__media">
          <p>{starts <= now ? copy.live : copy.startsAt(formatMoscowDateTime(webinar.startsAt))}</p>
          <p>
            <a className="button" href={webinar.broadcastUrl} target="_blank" rel="noopener noreferrer">
              {copy.broadcast}
            </a>
          </p>
          <p className="webinar__note">{copy.broadcastNote}</p>
          {starts > now ? (
            <p>
              <CalendarLink href={`/lk/master-classes/${webinar.id}/calendar.ics`} title={webinar.title} />
            </p>
          ) : null}
        </section>
      ) : (
        <p className="webinar__media">{copy.noRecording}</p>
      )}

      {webinar.description.split('\n\n').map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}

      <h2>{copy.speakers}</h2>
      <ul className="webinar__speakers">
        {webinar.speakers.map((speaker) => (
          <li key={speaker.name}>
            <strong>{speaker.name}</strong>
            {speaker.position ? `, ${speaker.position}` : null}
          </li>
        ))}
      </ul>
    </article>
  );
}
