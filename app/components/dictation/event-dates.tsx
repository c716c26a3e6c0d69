import type { DictationEvent, DictationEventState } from '#contract';
import { StatusBadge, type Tone } from '~/components/ui/status-badge';
import { sentence } from '~/lib/format';
import { formatDate, formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';

/** How a dictation event stands and its dates in Russian: the public page and the cabinet say it alike. */

const copy = {
  labels: {
    announced: 'Анонс',
    registration: 'Идёт регистрация',
    writing: 'Идёт написание',
    closed: 'Работы проверяются',
    results: 'Итоги подведены',
  } satisfies Record<DictationEventState, string>,
  registration: 'Регистрация',
  writing: 'Написание',
  limit: 'Время на текст',
  results: 'Результаты',
  range: (from: string, to: string) => `с ${from} до ${to}`,
  minutes: { one: 'минута', few: 'минуты', many: 'минут' },
};

export type EventWithState = DictationEvent & { state: DictationEventState };

/** One sentence on where the event stands and what comes next; a date ending in «г.» ends it with one point. */
export function describeEventState(event: EventWithState): string {
  return stateSentence(event);
}

function stateSentence(event: EventWithState): string {
  switch (event.state) {
    case 'announced':
      return sentence(`Регистрация откроется ${formatDate(event.registrationOpensAt)}`);
    case 'registration':
      return `Регистрация открыта до ${formatMoscowDateTime(event.writingClosesAt)}. Написать диктант можно будет с ${formatMoscowDateTime(event.writingOpensAt)}.`;
    case 'writing':
      return `Диктант идёт: присоединиться и написать его можно до ${formatMoscowDateTime(event.writingClosesAt)}.`;
    case 'closed':
      return sentence(
        `Приём текстов и регистрация завершены ${formatMoscowDateTime(event.writingClosesAt)}. Результаты — ${formatDate(event.resultsAt)}`,
      );
    case 'results':
      return sentence(`Результаты опубликованы ${formatDate(event.resultsAt)}`);
  }
}

const TONES = {
  announced: 'neutral',
  registration: 'info',
  writing: 'success',
  closed: 'warning',
  results: 'info',
} satisfies Record<DictationEventState, Tone>;

export function EventStateBadge({ state }: { state: DictationEventState }) {
  return <StatusBadge tone={TONES[state]}>{copy.labels[state]}</StatusBadge>;
}

export function EventDates({ event }: { event: EventWithState }) {
  return (
    <dl className="dictation-dates">
      <div>
        <dt>{copy.registration}</dt>
        <dd>{copy.range(formatDate(event.registrationOpensAt), formatMoscowDateTime(event.writingClosesAt))}</dd>
      </div>
      <div>
        <dt>{copy.writing}</dt>
        <dd>{copy.range(formatMoscowDateTime(event.writingOpensAt), formatMoscowDateTime(event.writingClosesAt))}</dd>
      </div>
      <div>
        <dt>{copy.limit}</dt>
        <dd>{plural(event.timeLimitMinutes, copy.minutes)}</dd>
      </div>
      <div>
        <dt>{copy.results}</dt>
        <dd>{formatDate(event.resultsAt)}</dd>
      </div>
    </dl>
  );
}
