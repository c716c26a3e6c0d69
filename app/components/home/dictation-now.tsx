import { Link } from '@remix-run/react';
import type { DictationEventState } from '#contract';
import { describeEventState, EventStateBadge, type EventWithState } from '~/components/dictation/event-dates';
import type { OwnDictation } from '~/lib/own-dictation';
import { Card } from '~/components/ui/card';
import { formatDate } from '#shared/moscow-time';

const copy = {
  title: 'Диктант сейчас',
  register: 'Зарегистрироваться',
  write: 'Написать диктант',
  results: 'Результаты',
  more: 'Подробнее о диктанте',
  none: 'Диктантов пока нет: о следующем мы объявим на странице диктанта.',
  done: (results: string) => `Вы сдали этот диктант. Результаты — ${results}, в личном кабинете.`,
  mine: 'Мои диктанты',
};

/**
 * The one thing to do about the dictation now, by its state (what the upstream's dates say). While writing is
 * open it leads to `/dictation`, where one press joins and starts: a visitor through sign-in first,
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

/**
 * The front page's lead card: the current dictation, where it stands and its one call to action, first after the
 * title so a phone shows it on the first screen. A dictation the user has handed in says so instead.
 */
export function DictationNow({
  event,
  signedIn,
  own = null,
}: {
  event: (EventWithState & { resultsAt: string }) | null;
  signedIn: boolean;
  /** The signed-in user's dictation of this event, if any. */
  own?: OwnDictation | null;
}) {
  if (!event) {
    return (
      <Card id="dictation-now" title={copy.title}>
        <p>{copy.none}</p>
      </Card>
    );
  }
  const handedIn = own?.status === 'submitted' || own?.status === 'checked';
  const action = handedIn ? { label: copy.mine, to: '/lk/dictations' } : dictationAction(event.state, signedIn);
  return (
    <Card id="dictation-now" title={copy.title} tone="accent">
      <p className="card__lead">{event.title}</p>
      {handedIn ? (
        <p className="dictation-now__done">{copy.done(formatDate(event.resultsAt))}</p>
      ) : (
        <p>
          <EventStateBadge state={event.state} /> {describeEventState(event)}
        </p>
      )}
      <p>
        <Link to={action.to} className={handedIn ? undefined : 'button'}>
          {action.label}
        </Link>
      </p>
      <p>{event.description}</p>
    </Card>
  );
}
