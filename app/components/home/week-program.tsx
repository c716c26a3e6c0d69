import type { ReactNode } from 'react';
import { formatOnWeekday, formatWeekday } from '#shared/moscow-time';
import { DayStateBadge } from './week-glance';
import type { ProgramDay } from '~/lib/week-program';

const copy = {
  label: 'Дни программы',
  task: 'Задание дня:',
  yourLink: 'Ваша ссылка:',
  closed: 'Приём ссылок за этот день закрыт.',
  upcoming: (date: string) => `Приём ссылок откроется ${formatOnWeekday(date)}.`,
};

/**
 * The seven days of the weekly program, each with its state in words (not colour alone). `renderOpenDay` adds
 * what an open day offers (the link form in the cabinet, an invitation to sign in on `/week`).
 */
export function WeekProgram({
  days,
  renderOpenDay,
}: {
  days: ProgramDay[];
  renderOpenDay?: (day: ProgramDay) => ReactNode;
}) {
  return (
    <ol className="week" aria-label={copy.label}>
      {days.map((day) => (
        <li key={day.id} id={`day-${day.id}`} className={`week-day week-day--${day.state}`}>
          <h2 className="week-day__title">
            <span className="week-day__date">{formatWeekday(day.date)}</span> {day.title}
          </h2>
          <p className="week-day__state">
            <DayStateBadge state={day.state} />
          </p>
          <p>{day.description}</p>
          <p>
            <strong>{copy.task}</strong> {day.task}
          </p>
          {day.link && day.state !== 'open' ? (
            <p className="week-day__link">
              {copy.yourLink}{' '}
              <a href={day.link} rel="noopener noreferrer nofollow" target="_blank">
                {day.link}
              </a>
            </p>
          ) : null}
          {day.state === 'open' ? renderOpenDay?.(day) : null}
          {day.state === 'closed' ? <p className="week-day__note">{copy.closed}</p> : null}
          {day.state === 'upcoming' ? <p className="week-day__note">{copy.upcoming(day.date)}</p> : null}
        </li>
      ))}
    </ol>
  );
}
