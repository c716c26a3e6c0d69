import { redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import { handleForm, type FormOptions } from '#bff/request/forms.server';
import { safeRedirect } from '#bff/request/redirect.server';
import { requireAnonymous } from '#bff/request/require-user.server';
import type { CallResult } from '#contract';

/**
 * What the sign-in screens share (`/login` and `/dictation2024-login`, `/registration`, `/admin-auth`): they are
 * for guests only, and their action is one public form that signs in with the session the upstream gives and
 * goes on with a 303.
 */

/** A signed-in visitor goes to the cabinet instead (`requireAnonymous`). */
export async function signInLoader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return null;
}

type SignInOptions<Schema extends z.ZodTypeAny> = Pick<
  FormOptions<Schema, Response>,
  'limit' | 'fieldNames' | 'forgive'
> & {
  schema: Schema;
  /** The upstream's sign-in call with the form's values (a refusal is put at its field by `handleForm`). */
  signIn: (value: z.output<Schema>) => Promise<CallResult<'login'>>;
};

/**
 * The sign-in action: the form read by `handleForm` (origin check, limits, honeypot), the session signed in, then
 * a 303 to the form's `redirectTo` when it is one of the portal's own paths, else to `/lk`. A schema without
 * `redirectTo` (the staff sign-in) always lands on `/lk`.
 */
export function signInAction<Schema extends z.ZodTypeAny>(
  request: Request,
  context: AppLoadContext,
  { schema, signIn, ...options }: SignInOptions<Schema>,
) {
  return handleForm(request, context, {
    guard: 'public',
    schema,
    ...options,
    submit: async (value: z.output<Schema>) => {
      // The target first: nothing after the sign-in may fail.
      const target = safeRedirect((value as { redirectTo?: unknown }).redirectTo);
      await context.session.signIn(await signIn(value));
      return redirect(target, 303);
    },
  });
}
