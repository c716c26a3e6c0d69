import type { SubmissionResult } from '@conform-to/react';
import { Link } from '@remix-run/react';
import type { DictationEventState } from '#contract';
import { deferredForm } from '~/components/form/deferred-form';
import { formatDate, formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';
import { useOptionalRootData } from '~/lib/root-data';
import type { OwnDictation } from '~/lib/own-dictation';

const copy = {
  registered: 'Вы зарегистрированы.',
  registeredMore: (opens: string) =>
    `Личная ссылка на диктант — в письме о регистрации и в личном кабинете, в разделе «Диктанты»: «Начать диктант» появится там ${opens}.`,
  // Mail goes only to a confirmed address (ADR 215): until then the page says so, and where the link is meanwhile.
  registeredUnconfirmed: (opens: string) =>
    `Личная ссылка на диктант — в личном кабинете, в разделе «Диктанты»: «Начать диктант» появится там ${opens}. Письмо с ней придёт, как только вы подтвердите адрес почты по ссылке из первого письма.`,
  signedOut:
    'Чтобы зарегистрироваться, войдите или создайте учётную запись — после этого вы вернётесь на эту страницу.',
  signedOutWriting:
    'Чтобы написать диктант, войдите или создайте учётную запись — после этого вы вернётесь на эту страницу и сможете начать.',
  signIn: 'Войти',
  signUp: 'Создать учётную запись',
  minutes: { one: 'минута', few: 'минуты', many: 'минут' },
  join: (limit: string, closes: string) =>
    `Присоединиться можно и сейчас. На текст — ${limit} с нажатия «Начать диктант», приём текстов — до ${closes}. Личная ссылка на диктант придёт и на вашу почту.`,
  joinUnconfirmed: (limit: string, closes: string) =>
    `Присоединиться можно и сейчас. На текст — ${limit} с нажатия «Начать диктант», приём текстов — до ${closes}. Письмо со ссылкой на диктант придёт, как только вы подтвердите адрес почты по ссылке из первого письма. Ссылка есть и в личном кабинете.`,
  ready: (limit: string, closes: string) =>
    `Вы участвуете. На текст — ${limit} с нажатия «Начать диктант», приём текстов — до ${closes}.`,
  started: (ends: string) => `Вы начали диктант: вернуться к тексту можно до ${ends} — тогда закончится ваше время.`,
  done: (results: string) => `Вы уже сдали этот диктант. Результаты — ${results}, в личном кабинете.`,
};

/**
 * The forms hydrate after their own chunks. Marked pure, so that a page which imports only this module's
 * types or helpers drops the forms from its first-load JavaScript.
 */
const RegisterDictationForm = /* @__PURE__ */ deferredForm(() =>
  import('~/forms/dictation-register').then((m) => m.RegisterDictationForm),
);

/** «Начать диктант» / «Продолжить диктант» for a dictation of the user's (the cabinet's list and home, `/dictation`). */
export const StartDictationForm = /* @__PURE__ */ deferredForm(() =>
  import('~/forms/dictation-start').then((m) => m.StartDictationForm),
);

export type JoinableEvent = {
  id: number;
  title: string;
  state: DictationEventState;
  writingOpensAt: string;
  writingClosesAt: string;
  resultsAt: string;
  timeLimitMinutes: number;
};

/**
 * Taking part in an event. In registration: «Вы зарегистрированы» once done, the form for a
 * signed-in user who is not yet. While writing is open: «Начать диктант» — for a user without a dictation of the
 * event it registers and starts in one press; with one, it starts or continues it. For a visitor, the way
 * through sign-in or a new account back to `action`. Nothing for an event in any other state.
 */
export function EventRegistration({
  event,
  own,
  action,
  lastResult,
}: {
  event: JoinableEvent;
  /** null: signed out; false: no dictation of this event. */
  own: OwnDictation | false | null;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const writing = event.state === 'writing';
  const unconfirmed = useOptionalRootData()?.viewer?.emailConfirmed === false;
  if (!writing && event.state !== 'registration') return null;
  if (own === null) {
    const back = new URLSearchParams({ redirectTo: action });
    return (
      <p className="dictation-registration">
        {writing ? copy.signedOutWriting : copy.signedOut} <Link to={`/login?${back}`}>{copy.signIn}</Link> ·{' '}
        <Link to={`/registration?${back}`}>{copy.signUp}</Link>
      </p>
    );
  }
  const limit = plural(event.timeLimitMinutes, copy.minutes);
  const closes = formatMoscowDateTime(event.writingClosesAt);
  if (!own) {
    return (
      <>
        {writing ? <p>{(unconfirmed ? copy.joinUnconfirmed : copy.join)(limit, closes)}</p> : null}
        <RegisterDictationForm
          eventId={event.id}
          title={event.title}
          action={action}
          join={writing}
          lastResult={lastResult}
        />
      </>
    );
  }
  if (!writing) {
    return (
      <p className="dictation-registration" data-state="registered">
        <strong>{copy.registered}</strong>{' '}
        {(unconfirmed ? copy.registeredUnconfirmed : copy.registeredMore)(formatMoscowDateTime(event.writingOpensAt))}
      </p>
    );
  }
  if (own.status === 'invited' || own.status === 'writing') {
    return (
      <>
        <p className="dictation-registration" data-state="registered">
          {own.status === 'writing'
            ? copy.started(formatMoscowDateTime(own.deadline ?? event.writingClosesAt))
            : copy.ready(limit, closes)}
        </p>
        <StartDictationForm id={own.id} started={own.status === 'writing'} />
      </>
    );
  }
  return <p className="dictation-registration">{copy.done(formatDate(event.resultsAt))}</p>;
}
