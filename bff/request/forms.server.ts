import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { isUpstreamError, pageStatusOf, type UpstreamError } from '../rest/errors.server';
import { passesHoneypot } from './honeypot.server';
import { tooManyAttemptsMessage, type Attempt, type AttemptOutcome, type GuardedForm } from './rate-limit.server';
import { requireForm } from './require-form.server';
import { loginUrlFor } from './redirect.server';
import { unsentForm } from './unsent-form.server';

const copy = {
  spam: 'Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.',
  unavailable:
    'Сервис не ответил: это сбой на нашей стороне, а не в вашем подключении. Введённое осталось в форме — отправьте её ещё раз через минуту.',
  lockLifted: 'Или восстановите пароль по ссылке «Забыли пароль?»: это снимет блокировку сразу.',
  failed: (status: number) => `Не удалось выполнить запрос (ошибка ${status}). Попробуйте ещё раз.`,
};

/** Fields whose values are never sent back to the page after a failed submission. */
const SECRET_FIELDS = ['password', 'passwordConfirm', 'currentPassword', 'newPassword', 'code'];

type Reply = ReturnType<Submission<unknown>['reply']>;

/**
 * A refused submission, as the page shows it: the status given and the `FormReply`, secrets not echoed.
 */
function rejectForm(submission: Submission<unknown>, errors: FormErrors, init: ResponseInit, intent: string | null) {
  return data<FormReply>({ intent, result: submission.reply({ ...errors, hideFields: SECRET_FIELDS }) }, init);
}

/** The one shape a form's action answers a refused submission with: which form (its `intent`) and conform's reply. */
export interface FormReply {
  intent: string | null;
  result: Reply;
}

/** What `submit` may answer with besides going on: the form's reply with the errors it names. */
export interface FormControls {
  reject: (errors: FormErrors, init?: ResponseInit) => ReturnType<typeof rejectForm>;
}

type FormErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/** A form of a button alone («Начать тест», «Войти» with a pass): nothing to parse. */
const BUTTON_ONLY = z.object({});

/** One form's schema, or, where a route has several forms, one schema per `intent`. */
type Schemas = z.ZodTypeAny | { [intent: string]: z.ZodTypeAny };

/** What a form's schema gives: a route of several forms gets a discriminated union on `intent`. */
export type FormValue<Schema extends Schemas> = Schema extends { _output: infer Value }
  ? Value
  : {
      [Intent in keyof Schema & string]: (Schema[Intent] extends { _output: infer Value } ? Value : never) & {
        intent: Intent;
      };
    }[keyof Schema & string];

export interface FormOptions<Schema extends Schemas, Result> {
  /**
   * Who may send the form. `signed-in`: a user, or a guest is sent to sign in before the form is read. `public`:
   * anyone (the origin check and the body limits hold for every form alike).
   */
  guard: 'public' | 'signed-in';
  /**
   * A signed-in form whose page gives its text back after a new sign-in (`unsentForm(…).take` in its loader): sent
   * after the session ended, the form is kept and the sign-in page says it will come back.
   */
  keepUnsent?: boolean;
  /**
   * The form's schema; where a route has several forms, one per `intent` (the field the form or its pressed button
   * sends), and the value is a discriminated union on `intent`. None: a form of a button alone.
   */
  schema?: Schema;
  /** Where there are several: the form a missing or unknown `intent` is parsed as. */
  defaultIntent?: keyof Schema & string;
  /**
   * The attempts counted. A public form: its honeypot, then the limits per address and per e-mail (the
   * value's `email`). A signed-in form: the limit per account (its upstream checks something a stolen session
   * could guess).
   */
  limit?: GuardedForm | ((value: FormValue<Schema>) => GuardedForm | undefined);
  /** Clear the failed attempts after a success (default: a signed-in form yes, a public form no). */
  forgive?: boolean | ((value: FormValue<Schema>) => boolean);
  /** Upstream field names the form calls differently (`login` → `email`). */
  fieldNames?: Record<string, string>;
  /** Refuses the request before its form is parsed (a path that names nothing), after the form was read. */
  check?: () => Response | undefined;
  /** A resource route's answer to a body its schema refuses (default: the form's reply, status 400). */
  invalid?: (errors: Record<string, string[] | null>) => Response;
  /** The upstream call; a Response (a redirect) it returns is the answer, and, without `redirectTo`, data too. */
  submit: (value: FormValue<Schema>, form: FormControls) => Promise<Result>;
  /** Where the browser goes after a `submit` that returned no Response (303); a function is asked after `submit`. */
  redirectTo?: string | (() => string);
  /** The status of the reply to the upstream's refusal (default 400). */
  errorStatus?: (error: UpstreamError) => number;
}

/**
 * The one way every action handles its form, resource routes' posts included: the guard, the one form reader
 * (`requireForm`: method, type, field names), the schema, the honeypot and rate limits, then `submit`. A refused
 * submission goes back to its form as a `FormReply` (what was typed kept, secrets not echoed, the upstream's
 * errors at their fields); a `submit` that returned no Response redirects (303) to `redirectTo`, so reloading the page
 * does not send the form again.
 */
export async function handleForm<Schema extends Schemas = typeof BUTTON_ONLY, Result = unknown>(
  request: Request,
  context: AppLoadContext,
  options: FormOptions<Schema, Result>,
) {
  const user = options.guard === 'signed-in' ? await signedInOrKept(request, context, !!options.keepUnsent) : null;
  const formData = await requireForm(request);
  const refused = options.check?.();
  if (refused) return refused;
  const { intent, schema } = pickForm(formData, options);
  const submission: Submission<unknown> = parseWithZod(formData, { schema });
  const reject = (errors: FormErrors = {}, init: ResponseInit = { status: 400 }) =>
    rejectForm(submission, errors, init, intent);
  if (submission.status !== 'success') return options.invalid ? options.invalid(submission.error ?? {}) : reject();
  const parsed = submission.value as Record<string, unknown>;
  const value: unknown = (options.schema ?? BUTTON_ONLY) instanceof z.ZodType ? parsed : { ...parsed, intent };

  const { limit, forgive: forgiving } = options as { limit?: unknown; forgive?: unknown };
  const form = decide(limit, value) as GuardedForm | undefined;
  const forgive = (decide(forgiving, value) as boolean | undefined) ?? !!user;
  const limited = form ? await countAttempt(context, formData, { form, forgive, email: parsed.email, user }) : null;
  if (limited === 'spam') return reject({ formErrors: [copy.spam] });
  if (limited && limited.attempt.wait !== null) return tooManyAttempts(context, limited.form, limited.attempt, reject);

  let result: Result;
  try {
    result = await options.submit(value as FormValue<Schema>, { reject });
  } catch (error) {
    await limited?.attempt.settle(outcomeOf(error));
    const errors = upstreamErrors(error, options.fieldNames);
    return reject(errors, { status: options.errorStatus?.(error as UpstreamError) ?? 400 });
  }
  // The upstream said yes: what the limits record of it afterwards must not turn the success into a 500.
  await afterSuccess(context, () => limited?.attempt.settle('succeeded'));
  await limited?.succeeded();
  // What the call returned (the upstream's answer) is no answer to the browser: only a Response (a redirect) is.
  if (options.redirectTo !== undefined && !(result instanceof Response)) {
    return redirect(typeof options.redirectTo === 'string' ? options.redirectTo : options.redirectTo(), 303);
  }
  return result;
}

/**
 * A record the limits keep after a success (the attempt settled, earlier failures forgiven): with the shared state
 * away it is lost, and logged; the user's success stands (the failures stay counted until they expire).
 */
async function afterSuccess(context: AppLoadContext, record: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await record();
  } catch (error) {
    context.log.warn({ err: { message: (error as Error).message } }, 'the limits did not record a success');
  }
}

/** An option given as is or as a function of the form's value. */
function decide(option: unknown, value: unknown): unknown {
  return typeof option === 'function' ? (option as (value: unknown) => unknown)(value) : option;
}

/** Which of the route's forms was sent, by its `intent` field, and the schema it is parsed with. */
function pickForm(
  formData: FormData,
  { schema = BUTTON_ONLY, defaultIntent }: { schema?: Schemas; defaultIntent?: string },
) {
  const sent = formData.get('intent');
  const intent = typeof sent === 'string' ? sent : null;
  if (schema instanceof z.ZodType) return { intent, schema };
  const picked = intent !== null && Object.hasOwn(schema, intent) ? intent : defaultIntent;
  if (picked === undefined || !Object.hasOwn(schema, picked)) throw new Error(`no form for the intent ${picked}`);
  return { intent: picked, schema: schema[picked]! };
}

/**
 * The attempt a guarded form counts: a public form's honeypot (`spam` when it tripped), then its limits per
 * address and e-mail; a signed-in form's per account. `succeeded` forgives the failures where the form does.
 */
async function countAttempt(
  context: AppLoadContext,
  formData: FormData,
  { form, forgive, email, user }: { form: GuardedForm; forgive: boolean; email: unknown; user: { id: number } | null },
) {
  if (user) {
    const account = `user-${user.id}`;
    const attempt = await context.limits.attempt(form, context.clientAddress, account);
    const succeeded = async () => {
      if (forgive) await afterSuccess(context, () => context.limits.forgive(form, context.clientAddress, account));
    };
    return { form, attempt, succeeded };
  }
  if (!passesHoneypot(context, formData, form)) return 'spam' as const;
  if (typeof email !== 'string') throw new Error(`the public form ${form} has no e-mail to count attempts by`);
  const device = await context.session.deviceFor(email);
  const browser = await context.session.browser();
  const counted = await context.limits.attempt(form, context.clientAddress, email, device, browser.id);
  // A failure gives the browser the id it was counted by: its next failures add up.
  const attempt: Attempt = {
    wait: counted.wait,
    loginLocked: counted.loginLocked,
    async settle(outcome) {
      await counted.settle(outcome);
      if (outcome === 'failed' && !browser.kept) await context.session.keepBrowser(browser.id);
    },
  };
  const succeeded = async () => {
    if (forgive) {
      await afterSuccess(context, () => context.limits.forgive(form, context.clientAddress, email, device));
      await context.session.trustDevice(email);
    }
    // A form that signed someone in says whose the e-mail is: a later recovery by it ends their sessions.
    await context.session.linkLogin(email);
  };
  return { form, attempt, succeeded };
}

/**
 * A throttled attempt at a guarded form: HTTP 429 with Retry-After and the Russian message on the form (JS on or
 * off), what was typed kept.
 */
function tooManyAttempts(
  context: AppLoadContext,
  form: GuardedForm,
  { wait, loginLocked }: Attempt,
  reject: FormControls['reject'],
) {
  context.log.warn({ form }, 'rate limited');
  // A lock of the login's wrong passwords is lifted by a recovery by e-mail (ADR 216): the sign-in says so. An
  // address's budget (a spray, a school) or an outage is not: no way out is promised there.
  const message = tooManyAttemptsMessage(wait!) + (form === 'login' && loginLocked ? ` ${copy.lockLifted}` : '');
  return reject({ formErrors: [message] }, { status: 429, headers: { 'Retry-After': String(wait) } });
}

/**
 * How a failed submission counts against the limits (ADR 216): what the upstream refused (a wrong password, an
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

/**
 * The signed-in user; a form sent after the session ended is kept (unsent-form.server.ts) and its sender sent
 * to sign in, told why and whether the text comes back, then back to the page the form was on.
 */
const SIGNED_IN_PAGES = /^\/(lk|profile)(\/|$)/;

async function signedInOrKept(request: Request, context: AppLoadContext, keep: boolean): Promise<{ id: number }> {
  const user = await context.session.user();
  if (user) return user;
  const form = keep ? await request.formData().catch(() => null) : null;
  const back = new URL(request.url);
  back.searchParams.delete('index');
  const kept = form ? await unsentForm(context).remember(back.pathname, form) : false;
  // The cabinet's and the profile's forms are shown only to a signed-in user: a guest sending one had a session
  // that ended. Elsewhere (the dictation's «Зарегистрироваться») a guest is simply asked to sign in.
  const ended = kept || SIGNED_IN_PAGES.test(back.pathname);
  throw redirect(loginUrlFor(back, kept ? 'form-kept' : ended ? 'session-ended' : undefined));
}
