import { Link } from '@remix-run/react';
import { Card } from '~/components/ui/card';
import { StatusBadge, type Tone } from '~/components/ui/status-badge';
import { formatWeekday } from '#shared/moscow-time';
import type { DayState, ProgramDay } from '~/lib/week-program';

const copy = {
  title: 'Программа недели',
  states: { closed: 'Завершён', open: 'Сегодня', upcoming: 'Скоро' } satisfies Record<DayState, string>,
  all: 'Вся программа недели',
  empty: 'Программа недели пока не опубликована.',
};

const TONES = { closed: 'neutral', open: 'success', upcoming: 'info' } satisfies Record<DayState, Tone>;

/** A day's state in words, on the front page and on the programme's pages alike. */
export function DayStateBadge({ state }: { state: DayState }) {
  return <StatusBadge tone={TONES[state]}>{copy.states[state]}</StatusBadge>;
}

/** This week's programme at a glance on the front page: each day's title and state; the details on `/week`. */
export function WeekGlance({ days }: { days: ProgramDay[] }) {
  return (
    <Card id="week-glance" title={copy.title}>
      {days.length === 0 ? (
        <p>{copy.empty}</p>
      ) : (
        <ol className="week-glance">
          {days.map((day) => (
            <li key={day.id} className="week-glance__day" data-state={day.state}>
              <span className="week-glance__date">{formatWeekday(day.date)}</span>
              <span className="week-glance__title">{day.title}</span>
              <DayStateBadge state={day.state} />
            </li>
          ))}
        </ol>
      )}
      <p>
        <Link to="/week">{copy.all}</Link>
      </p>
    </Card>
  );
}
