import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { requireUser } from '#bff/request/require-user.server';
import { CalendarLink } from '~/components/calendar-link';
import { RecordingPlayer } from '~/components/recording-player';
import { formatWatchTime, watchSecondsLeft } from '~/lib/certificate-progress';
import { formatDuration, formatFileSize } from '~/lib/format';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';
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
  certificateEarned: 'Сертификат о просмотре получен',
  certificateDownload: (size: number) => `Скачать сертификат (PDF, ${formatFileSize(size)})`,
  certificateLeft: (left: string) => `Осталось посмотреть ${left} записи, чтобы получить сертификат о просмотре.`,
  certificateCounting: 'Просмотр засчитывается…',
  certificateRule:
    'Засчитывается время, пока запись действительно идёт: перемотка вперёд и ускоренное воспроизведение ' +
    'засчитываются не больше, чем прошло времени.',
} as const;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  screenMeta(matches, data?.webinar.title ?? copy.fallbackTitle, data?.webinar.description.split('\n')[0]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = readId(params, request);
  await requireUser(request, context);
  // An unknown id is the upstream's 404, which becomes the 404 page.
  const { recording, ...webinar } = await context.rest.webinars.byId(id);
  // The page needs to know that there is a recording, not where the upstream keeps it.
  // The certificate's file stays on the server too: the page links the portal's route.
  const { certificate, ...rest } = webinar;
  const watch = certificate && {
    left: watchSecondsLeft(certificate),
    size: certificate.earned?.file.size ?? null,
  };
  return { webinar: { ...rest, hasRecording: recording !== null }, watch, now: Date.now() };
}

/**
 * The certificate's count as the recording plays: the upstream's «left» less what this tab has played
 * since the upstream last counted, and the page's data read again after each report stored, so «Сертификат о
 * просмотре получен» appears without a reload. The upstream alone decides; this only counts down towards it.
 */
function useWatchCount(left: number | null) {
  const revalidator = useRevalidator();
  const [played, setPlayed] = useState(0);
  const [started, setStarted] = useState(false);
  // The seconds played when the latest stored report was sent, and when the one behind the data on screen was.
  const [sent, setSent] = useState(0);
  const [base, setBase] = useState({ left, shown: 0 });
  if (base.left !== left) setBase({ left, shown: sent });
  return {
    started,
    left: started && left !== null ? Math.max(0, Math.ceil(left - (played - base.shown))) : null,
    onPlayed(seconds: number) {
      setStarted(true);
      setPlayed(seconds);
    },
    onReported(seconds: number) {
      setSent(seconds);
      void revalidator.revalidate();
    },
  };
}

/**
 * `/lk/master-classes/{id}`: the recording (resumed where the user stopped) or the live broadcast; with a
 * recording, the certificate for watching it: how much is left, or the link once it is earned.
 */
export default function MasterClassScreen() {
  const { webinar, watch, now } = useLoaderData<typeof loader>();
  const starts = Date.parse(webinar.startsAt);
  const ended = starts + minutes(webinar.durationMinutes) <= now;
  const position = webinar.progress?.positionSeconds ?? 0;
  const live = useWatchCount(watch?.left ?? null);
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
        {plural(webinar.participantsCount, copy.participants)}
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
            onPlayed={live.onPlayed}
            onReported={live.onReported}
          />
          {!live.started && position > 0 && position < webinar.recordingSeconds - 1 ? (
            <p>{copy.resumeFrom(formatPosition(position))}</p>
          ) : null}
          {/* Read again after each report the upstream stores: the certificate is announced as it is given. */}
          <div aria-live="polite">
            {watch?.size != null ? (
              <p className="webinar__certificate" data-earned="">
                <strong>{copy.certificateEarned}</strong>{' '}
                <a href={`/lk/master-classes/${webinar.id}/certificate.pdf`} download>
                  {copy.certificateDownload(watch.size)}
                </a>
              </p>
            ) : watch ? (
              <p className="webinar__certificate">
                {live.left === 0
                  ? copy.certificateCounting
                  : copy.certificateLeft(formatWatchTime(live.left ?? watch.left))}{' '}
                <span>{copy.certificateRule}</span>
              </p>
            ) : null}
          </div>
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
