import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { rejectForm, upstreamErrors } from '#bff/auth/forms.server';
import { registerDictationSchema } from '~/routes/default/dictation.schema';

/**
 * «Зарегистрироваться» on `/dictation` and in the cabinet (ADR 025), for a user the action already required:
 * the upstream records it, refuses outside the registration period in Russian, and mails the personal link
 * (`{PUBLIC_ORIGIN}/dictation/{code}`). Success redirects back, where the page says «Вы зарегистрированы»; a
 * refusal goes back to that event's form.
 */
export async function registerForDictation(context: AppLoadContext, form: FormData, back: string) {
  const submission = parseWithZod(form, { schema: registerDictationSchema });
  if (submission.status !== 'success') {
    return data({ eventId: null, result: rejectForm(submission).data }, { status: 400 });
  }
  const { eventId } = submission.value;
  try {
    await context.rest.dictation.register(eventId, context.config.publicOrigin);
  } catch (error) {
    return data({ eventId, result: rejectForm(submission, upstreamErrors(error)).data }, { status: 400 });
  }
  return redirect(back, 303);
}
