import { Link } from '@remix-run/react';
import type { DictationEventState } from '#contract';
import { describeEventState, EventStateBadge, type EventWithState } from '~/components/dictation/event-dates';
import { Card } from '~/components/ui/card';

const copy = {
  title: 'Диктант сейчас',
  register: 'Зарегистрироваться',
  write: 'Написать диктант',
  results: 'Результаты',
  more: 'Подробнее о диктанте',
  none: 'Диктантов пока нет: о следующем мы объявим на странице диктанта.',
};

/**
 * The one thing to do about the dictation now, by its state (what the upstream's dates say). While writing is
 * open it leads to `/dictation`, where one press joins and starts (ADR 042): a visitor through sign-in first,
 * with the way back in `redirectTo`.
 */
export function dictationAction(state: DictationEventState, signedIn: boolean): { label: string; to: string } {
  switch (state) {
    case 'registration':
      return { label: copy.register, to: '/dictation' };
    case 'writing':
      return {
        label: copy.write,
        to: signedIn ? '/dictation' : `/login?${new URLSearchParams({ redirectTo: '/dictation' })}`,
      };
    case 'results':
      return { label: copy.results, to: '/lk/dictations' };
    case 'announced':
    case 'closed':
      return { label: copy.more, to: '/dictation' };
  }
}

/** The front page's lead card: the current dictation, where it stands and its one call to action. */
export function DictationNow({ event, signedIn }: { event: EventWithState | null; signedIn: boolean }) {
  if (!event) {
    return (
      <Card id="dictation-now" title={copy.title}>
        <p>{copy.none}</p>
      </Card>
    );
  }
  const action = dictationAction(event.state, signedIn);
  return (
    <Card id="dictation-now" title={copy.title} tone="accent">
      <p className="card__lead">{event.title}</p>
      <p>
        <EventStateBadge state={event.state} /> {describeEventState(event)}
      </p>
      <p>{event.description}</p>
      <p>
        <Link to={action.to} className="button">
          {action.label}
        </Link>
      </p>
    </Card>
  );
}
