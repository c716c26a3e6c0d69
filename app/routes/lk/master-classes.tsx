import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { CallResult } from '#contract';
import { requireUser } from '#bff/request/require-user.server';
import { ScreenIntro } from '~/components/screen-intro';
import { formatDuration, formatPercent } from '~/lib/format';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';
import { screenMeta } from '~/lib/meta';
import { minutes } from '#shared/time';

type Summary = CallResult<'webinarsList'>['past'][number];

const copy = {
  title: 'Мастер-классы',
  lead: 'Мастер-классы в формате вебинаров: предстоящие трансляции и записи прошедших.',
  upcoming: 'Предстоящие',
  past: 'Прошедшие',
  noUpcoming: 'Предстоящих мастер-классов пока нет. Новые появятся здесь, как только будут объявлены.',
  noPast: 'Прошедших мастер-классов пока нет.',
  live: 'Идёт сейчас',
  participants: { one: 'участник', few: 'участника', many: 'участников' },
  notStarted: 'Запись ещё не просмотрена',
  watched: (share: string) => `Просмотрено ${share}`,
  watchedAll: 'Просмотрено полностью',
  noRecording: 'Запись появится в ближайшие дни',
} as const;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { upcoming, past } = await context.rest.webinars.list();
  return { upcoming, past, now: Date.now() };
}

/** `/lk/master-classes`: what is coming (soonest first) and what can be watched again, with how far. */
export default function MasterClassesScreen() {
  const { upcoming, past, now } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <section aria-labelledby="upcoming" className="webinar-section">
        <h2 id="upcoming">{copy.upcoming}</h2>
        {upcoming.length === 0 ? <p>{copy.noUpcoming}</p> : <WebinarList items={upcoming} now={now} />}
      </section>
      <section aria-labelledby="past" className="webinar-section">
        <h2 id="past">{copy.past}</h2>
        {past.length === 0 ? <p>{copy.noPast}</p> : <WebinarList items={past} now={now} />}
      </section>
    </>
  );
}

function WebinarList({ items, now }: { items: Summary[]; now: number }) {
  return (
    <ul className="webinar-list">
      {items.map((webinar) => (
        <li key={webinar.id} className="webinar-card">
          <h3 className="webinar-card__title">
            <Link to={`/lk/master-classes/${webinar.id}`}>{webinar.title}</Link>
          </h3>
          <p className="webinar-card__when">
            <time dateTime={webinar.startsAt}>{formatMoscowDateTime(webinar.startsAt)}</time>
            {', '}
            {formatDuration(webinar.durationMinutes)}
            {Date.parse(webinar.startsAt) <= now && !hasEnded(webinar, now) ? (
              <strong className="webinar-card__live"> · {copy.live}</strong>
            ) : null}
          </p>
          <p className="webinar-card__meta">
            {webinar.speakers.map((speaker) => speaker.name).join(', ')}
            {' · '}
            {plural(webinar.participantsCount, copy.participants)}
          </p>
          <WatchedProgress webinar={webinar} now={now} />
        </li>
      ))}
    </ul>
  );
}

function hasEnded(webinar: Summary, now: number): boolean {
  return Date.parse(webinar.startsAt) + minutes(webinar.durationMinutes) <= now;
}

/** How much of the recording this user has watched; a past one without its recording yet says so. */
function WatchedProgress({ webinar, now }: { webinar: Summary; now: number }) {
  const length = webinar.recordingSeconds;
  if (length === null) {
    return hasEnded(webinar, now) ? <p className="webinar-card__progress">{copy.noRecording}</p> : null;
  }
  const watched = Math.min(webinar.progress?.watchedSeconds ?? 0, length);
  const label =
    watched === 0
      ? copy.notStarted
      : watched >= length
        ? copy.watchedAll
        : copy.watched(formatPercent(watched / length));
  return (
    <p className="webinar-card__progress">
      <progress max={length} value={watched} aria-hidden="true" />
      <span>{label}</span>
    </p>
  );
}
