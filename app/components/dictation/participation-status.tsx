import type { CallResult, DictationEventState, ParticipationStatus } from '#contract';
import { StatusBadge, type Tone } from '~/components/ui/status-badge';
import { sentence } from '~/lib/format';
import { formatDate, formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';

/** A user's dictation in words: its status, and its score once checked (the list and the result page). */

export type Participation = CallResult<'myDictations'>['dictations'][number] & { eventState: DictationEventState };

const copy = {
  labels: {
    invited: 'Приглашение',
    writing: 'Пишется',
    submitted: 'Сдан, на проверке',
    checked: 'Проверен',
    missed: 'Не написан',
  } satisfies Record<ParticipationStatus, string>,
  errors: { one: 'ошибка', few: 'ошибки', many: 'ошибок' },
  minutes: { one: 'минута', few: 'минуты', many: 'минут' },
};

export function describeParticipation(item: Participation): string {
  const { event } = item;
  switch (item.status) {
    case 'invited':
      return item.eventState === 'writing'
        ? `Можно начинать: на текст — ${plural(event.timeLimitMinutes, copy.minutes)} с нажатия «Начать диктант», до ${formatMoscowDateTime(event.writingClosesAt)}.`
        : `Вы зарегистрированы. Диктант откроется ${formatMoscowDateTime(event.writingOpensAt)}.`;
    case 'writing':
      return `Диктант начат ${formatMoscowDateTime(item.startedAt!)}: вернуться к тексту можно до ${formatMoscowDateTime(item.deadline ?? event.writingClosesAt)} — тогда закончится ваше время.`;
    case 'submitted':
      return sentence(`Сдан ${formatMoscowDateTime(item.finishedAt!)}. Результаты — ${formatDate(event.resultsAt)}`);
    case 'checked':
      return `Оценка «${item.grade}»: ${item.errorsCount ? plural(item.errorsCount, copy.errors) : 'без ошибок'}.`;
    case 'missed':
      return `Приём текстов завершился ${formatMoscowDateTime(event.writingClosesAt)}.`;
  }
}

const TONES = {
  invited: 'info',
  writing: 'warning',
  submitted: 'neutral',
  checked: 'success',
  missed: 'neutral',
} satisfies Record<ParticipationStatus, Tone>;

export function ParticipationBadge({ status }: { status: ParticipationStatus }) {
  return <StatusBadge tone={TONES[status]}>{copy.labels[status]}</StatusBadge>;
}

/** Whether the dictation can be opened for writing now: a fresh invitation link is issued on the button. */
export const canWrite = (item: Participation) =>
  item.eventState === 'writing' && (item.status === 'invited' || item.status === 'writing');

/**
 * Whether «Добавить в календарь» is offered: a dictation still to be written, its writing window not
 * over. Once started, submitted or missed, a calendar reminder has nothing left to remind of.
 */
export const offersCalendar = (item: Pick<Participation, 'status' | 'eventState'>) =>
  item.status === 'invited' && item.eventState !== 'closed' && item.eventState !== 'results';
