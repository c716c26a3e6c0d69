import { data, type AppLoadContext } from '@remix-run/node';
import type { Submission } from '@conform-to/react';
import { isUpstreamError, pageStatusOf } from '../rest/errors.server';
import type { GuardedForm } from './rate-limit.server';
import { tooManyAttemptsMessage } from './rate-limit.server';

const copy = {
  spam: 'Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.',
  unavailable: 'Сервер не ответил. Проверьте подключение к интернету и отправьте форму ещё раз.',
  failed: (status: number) => `Не удалось выполнить запрос (ошибка ${status}). Попробуйте ещё раз.`,
};

/** Fields whose values are never sent back to the page after a failed submission. */
const SECRET_FIELDS = ['password', 'passwordConfirm', 'currentPassword', 'newPassword', 'code'];

type Reply = ReturnType<Submission<unknown>['reply']>;

/** A failed submission, as the page shows it: status 400 and conform's reply, secrets not echoed. */
export function rejectForm(
  submission: Submission<unknown>,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  return data<Reply>(submission.reply({ ...errors, hideFields: SECRET_FIELDS }), { status: 400 });
}

/**
 * The honeypot and the rate limit of a public form, checked before anything reaches the upstream. Returns
 * the form-level message to show, or null when the submission may proceed.
 */
export async function guardPublicForm(
  context: AppLoadContext,
  formData: FormData,
  form: GuardedForm,
  login?: string,
): Promise<string | null> {
  try {
    // remix-utils skips its check when the honeypot fields are missing altogether; a real form always has them.
    if (!formData.has(context.honeypot.getInputProps().nameFieldName)) throw new Error('honeypot fields missing');
    context.honeypot.check(formData);
  } catch {
    context.log.warn({ form }, 'honeypot tripped');
    return copy.spam;
  }
  const wait = await context.limits.attempt(form, context.clientAddress, login);
  if (wait !== null) {
    context.log.warn({ form }, 'rate limited');
    return tooManyAttemptsMessage(wait);
  }
  return null;
}

/**
 * A failed mutation, placed on the form so nothing the user typed is lost: the upstream's `success: false`
 * errors next to their field when it names one (renamed through `fieldNames` where the form calls it
 * differently), above the form otherwise; an upstream that failed or did not answer, as a form-level message.
 * Anything that is not an upstream failure (a redirect after the session ended, a bug) is rethrown.
 */
export function upstreamErrors(error: unknown, fieldNames: Record<string, string> = {}) {
  if (!isUpstreamError(error)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  if (error.failure !== 'rejected') {
    formErrors.push(error.failure === 'unavailable' ? copy.unavailable : copy.failed(pageStatusOf(error)));
    return { fieldErrors, formErrors };
  }
  for (const { field, message } of error.errors) {
    const name = field ? (fieldNames[field] ?? field) : null;
    if (name) (fieldErrors[name] ??= []).push(message);
    else formErrors.push(message);
  }
  return { fieldErrors, formErrors };
}
