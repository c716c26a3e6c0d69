import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { materialLink } from '~/server/materials.server';
import { CalendarLink } from '~/components/calendar-link';
import { MaterialList } from '~/components/materials';
import { ScreenIntro } from '~/components/screen-intro';
import { quote } from '~/lib/format';
import { formatMoscowTimeRange, formatWeekday, moscowDate } from '#shared/moscow-time';
import { SegmentedNav } from '~/components/ui/segmented-nav';
import { screenMeta } from '~/lib/meta';
import { Facts } from '~/components/ui/facts';

const copy = {
  title: 'Неделя права',
  lead: 'Программа Недели права по дням: лекции, игры и встречи — онлайн и в школе. Время московское.',
  themes: 'Темы недели права и материалы к ним',
  days: 'Дни недели',
  today: 'Сегодня',
  empty: 'Программа Недели права пока не опубликована. Загляните сюда позже.',
  noEvents: 'В этот день мероприятий нет.',
  speaker: 'Проводит',
  where: 'Где',
  online: 'онлайн',
  offline: 'очно',
  join: 'Ссылка на трансляцию',
  materials: (title: string) => `Материалы к ${quote(title)}`,
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const program = await context.rest.lawWeek.program();
  const now = Date.now();
  return {
    // Decided on the server's clock, so the page and its hydration agree on which day is today.
    today: moscowDate(Date.now()),
    days: program.map((day) => ({
      ...day,
      events: day.events.map(({ materials, ...event }) => ({
        ...event,
        ended: Date.parse(event.endsAt) <= now,
        // The upstream's file paths stay on the server: the page links to the portal's own file route.
        materials: materials.map((material) => materialLink(material, `/lk/law-week/materials/${material.id}`)),
      })),
    })),
  };
}

type Day = ReturnType<typeof useLoaderData<typeof loader>>['days'][number];

/** `/lk/law-week`: the week's seven days with their events, today's day marked. */
export default function LawWeekScreen() {
  const { days, today } = useLoaderData<typeof loader>();
  const empty = days.every((day) => day.events.length === 0);
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead}>
        <Link to="/lk/law-week/themes">{copy.themes}</Link>
      </ScreenIntro>
      {empty ? (
        <p>{copy.empty}</p>
      ) : (
        <>
          <SegmentedNav
            label={copy.days}
            items={days.map((day) => ({
              to: `#day-${day.date}`,
              label: `${formatWeekday(day.date)}${day.date === today ? ` — ${copy.today.toLowerCase()}` : ''}`,
              current: day.date === today ? 'date' : undefined,
            }))}
          />
          {days.map((day) => (
            <ProgramDay key={day.date} day={day} isToday={day.date === today} />
          ))}
        </>
      )}
    </>
  );
}

function ProgramDay({ day, isToday }: { day: Day; isToday: boolean }) {
  const headingId = `day-${day.date}-title`;
  return (
    <section
      id={`day-${day.date}`}
      className={`law-week-day${isToday ? ' law-week-day--today' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>
        <span className="law-week-day__date">{formatWeekday(day.date)}</span> {day.title}
      </h2>
      {isToday ? <p className="law-week-day__today">{copy.today}</p> : null}
      {day.events.length === 0 ? (
        <p>{copy.noEvents}</p>
      ) : (
        <ul className="law-week-events">
          {day.events.map((event) => (
            <li key={event.id} className="law-week-event">
              <p className="law-week-event__time">{formatMoscowTimeRange(event.startsAt, event.endsAt)}</p>
              <h3>{event.title}</h3>
              <p className="law-week-event__kind">
                {event.kind}, {event.format === 'online' ? copy.online : copy.offline}
              </p>
              <Facts
                items={[
                  [copy.speaker, event.speaker],
                  [
                    copy.where,
                    event.link ? (
                      <a key="link" href={event.link} rel="noopener noreferrer" target="_blank">
                        {copy.join}
                      </a>
                    ) : (
                      event.place
                    ),
                  ],
                ]}
              />
              {event.ended ? null : (
                <p>
                  <CalendarLink href={`/lk/law-week/events/${event.id}/calendar.ics`} title={event.title} />
                </p>
              )}
              {event.materials.length > 0 ? (
                <MaterialList materials={event.materials} label={copy.materials(event.title)} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
