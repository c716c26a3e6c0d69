import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { isUpstreamError, pageStatusOf } from '../rest/errors.server';
import { passesHoneypot } from './honeypot.server';
import { tooManyAttemptsMessage, type AttemptOutcome, type GuardedForm } from './rate-limit.server';
import { requireForm } from './require-form.server';
import { requireUser } from './require-user.server';

const copy = {
  spam: 'Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.',
  unavailable: 'Сервер не ответил. Проверьте подключение к интернету и отправьте форму ещё раз.',
  failed: (status: number) => `Не удалось выполнить запрос (ошибка ${status}). Попробуйте ещё раз.`,
};

/** Fields whose values are never sent back to the page after a failed submission. */
const SECRET_FIELDS = ['password', 'passwordConfirm', 'currentPassword', 'newPassword', 'code'];

type Reply = ReturnType<Submission<unknown>['reply']>;

/**
 * A failed submission, as the page shows it: status 400 (or the one given) and conform's reply, secrets not
 * echoed.
 */
export function rejectForm(
  submission: Submission<unknown>,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
  init: ResponseInit = { status: 400 },
) {
  return data<Reply>(submission.reply({ ...errors, hideFields: SECRET_FIELDS }), init);
}

/**
 * The one way a public form (sign-in, registration, recovery) is handled: parsed with its schema, the honeypot
 * and the rate limits for its e-mail checked before anything reaches the upstream, then `submit`. Every
 * failure goes back to the form with what was typed; `forgive` clears the e-mail's failed attempts after a
 * success (not for forms whose success says nothing, such as asking for a recovery code).
 */
export async function submitPublicForm<Schema extends z.ZodType<{ email: string }>>(
  context: AppLoadContext,
  formData: FormData,
  options: {
    schema: Schema;
    form: GuardedForm;
    submit: (value: z.output<Schema>) => Promise<Response>;
    /** Upstream field names the form calls differently (`login` → `email`). */
    fieldNames?: Record<string, string>;
    forgive?: boolean;
  },
) {
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== 'success') return rejectForm(submission);
  const { email } = submission.value;

  if (!passesHoneypot(context, formData, options.form)) return rejectForm(submission, { formErrors: [copy.spam] });
  const device = await context.session.deviceFor(email);
  const attempt = await context.limits.attempt(options.form, context.clientAddress, email, device);
  if (attempt.wait !== null) return tooManyAttempts(context, submission, options.form, attempt.wait);

  let response: Response;
  try {
    response = await options.submit(submission.value);
  } catch (error) {
    await attempt.settle(outcomeOf(error));
    return rejectForm(submission, upstreamErrors(error, options.fieldNames));
  }
  await attempt.settle('succeeded');
  if (options.forgive) {
    await context.limits.forgive(options.form, context.clientAddress, email, device);
    await context.session.trustDevice(email);
  }
  // A form that signed someone in says whose the e-mail is: a later recovery by it ends their sessions.
  await context.session.linkLogin(email);
  return response;
}

/**
 * The one way a signed-in form (profile, password change) is handled: for a signed-in user only, read with the
 * one form reader and parsed with its schema, rate limited per account when `limit` names the form (its
 * upstream checks something a stolen session could guess, such as the current password), then `submit`. A
 * failure goes back to the form with what was typed and the upstream's errors at their fields; a success
 * redirects (303) to `redirectTo`, so reloading the page does not send the form again.
 */
export async function submitSignedInForm<Schema extends z.ZodTypeAny>(
  request: Request,
  context: AppLoadContext,
  options: {
    schema: Schema;
    submit: (value: z.output<Schema>) => Promise<unknown>;
    /** Where the browser goes once submitted; a function is asked after `submit`. */
    redirectTo: string | (() => string);
    limit?: GuardedForm;
  },
) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await requireForm(request), { schema: options.schema });
  if (submission.status !== 'success') return rejectForm(submission);

  const account = `user-${user.id}`;
  const attempt = options.limit ? await context.limits.attempt(options.limit, context.clientAddress, account) : null;
  if (options.limit && attempt && attempt.wait !== null)
    return tooManyAttempts(context, submission, options.limit, attempt.wait);
  try {
    await options.submit(submission.value);
  } catch (error) {
    await attempt?.settle(outcomeOf(error));
    return rejectForm(submission, upstreamErrors(error));
  }
  await attempt?.settle('succeeded');
  if (options.limit) await context.limits.forgive(options.limit, context.clientAddress, account);
  return redirect(typeof options.redirectTo === 'string' ? options.redirectTo : options.redirectTo(), 303);
}

/**
 * A throttled attempt at a guarded form: HTTP 429 with Retry-After and the Russian message on the form (JS on or
 * off), what was typed kept.
 */
function tooManyAttempts(context: AppLoadContext, submission: Submission<unknown>, form: GuardedForm, wait: number) {
  context.log.warn({ form }, 'rate limited');
  const message = tooManyAttemptsMessage(wait);
  return rejectForm(submission, { formErrors: [message] }, { status: 429, headers: { 'Retry-After': String(wait) } });
}

/**
 * How a failed submission counts against the limits (ADR 040): what the upstream refused (a wrong password, an
 * unknown account, a wrong code) is a failure; an upstream that did not answer, or answered without saying
 * anything about what was sent, is not. Anything else (a bug) counts as a failure.
 */
function outcomeOf(error: unknown): AttemptOutcome {
  if (!isUpstreamError(error) || error.failure === 'rejected' || error.failure === 'unauthorized') return 'failed';
  return 'unanswered';
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
