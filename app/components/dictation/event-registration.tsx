import type { SubmissionResult } from '@conform-to/react';
import { Link } from '@remix-run/react';
import { deferredForm } from '~/components/form/deferred-form';
import { formatMoscowDateTime } from '~/format';
import { RegisterDictationForm as RegisterDictationFormNow } from './register-form';

const copy = {
  registered: 'Вы зарегистрированы.',
  registeredMore: (opens: string) =>
    `Личная ссылка на диктант — в письме о регистрации и в личном кабинете, в разделе «Диктанты»: «Начать диктант» появится там ${opens}.`,
  signedOut:
    'Чтобы зарегистрироваться, войдите или создайте учётную запись — после этого вы вернётесь на эту страницу.',
  signIn: 'Войти',
  signUp: 'Создать учётную запись',
};

/** The form hydrates after its own chunk (ADR 021). */
const RegisterDictationForm = deferredForm(import.meta.env.SSR ? RegisterDictationFormNow : null, () =>
  import('./register-form').then((m) => m.RegisterDictationForm),
);

/**
 * Registration for an event open for it (ADR 025): «Вы зарегистрированы» once done, the form for a signed-in
 * user who is not yet, and for a visitor the way through sign-in or a new account back to `back`.
 */
export function EventRegistration({
  event,
  registered,
  action,
  lastResult,
}: {
  event: { id: number; title: string; writingOpensAt: string };
  /** null: signed out. */
  registered: boolean | null;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  if (registered) {
    return (
      <p className="dictation-registration" data-state="registered">
        <strong>{copy.registered}</strong> {copy.registeredMore(formatMoscowDateTime(event.writingOpensAt))}
      </p>
    );
  }
  if (registered === false) {
    return <RegisterDictationForm eventId={event.id} title={event.title} action={action} lastResult={lastResult} />;
  }
  const back = new URLSearchParams({ redirectTo: action });
  return (
    <p className="dictation-registration">
      {copy.signedOut} <Link to={`/login?${back}`}>{copy.signIn}</Link> ·{' '}
      <Link to={`/registration?${back}`}>{copy.signUp}</Link>
    </p>
  );
}
