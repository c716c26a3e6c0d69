import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { rejectForm, upstreamErrors } from '#bff/auth/forms.server';
import { registerDictationSchema } from '~/routes/default/dictation.schema';

/**
 * «Зарегистрироваться» on `/dictation` and in the cabinet (ADR 025), for a user the action already required:
 * the upstream records it, refuses outside the registration period in Russian, and mails the personal link
 * (`{PUBLIC_ORIGIN}/dictation/{code}`). Success redirects back, where the page says «Вы зарегистрированы»; a
 * refusal goes back to that event's form.
 *
 * While writing is open the same form is «Начать диктант» (`intent=join`, ADR 042): the registration — or the
 * dictation the user already has in the event — then a fresh code started at once, as the cabinet's «Начать
 * диктант» does, and off to the writing form.
 */
export async function registerForDictation(context: AppLoadContext, form: FormData, back: string) {
  const submission = parseWithZod(form, { schema: registerDictationSchema });
  if (submission.status !== 'success') {
    return data({ eventId: null, result: rejectForm(submission).data }, { status: 400 });
  }
  const { eventId } = submission.value;
  try {
    const { participationId } = await context.rest.dictation.register(eventId, context.config.publicOrigin);
    if (form.get('intent') !== 'join') return redirect(back, 303);
    const { code } = await context.rest.dictation.issueCode(participationId);
    await context.rest.dictation.start(code);
    return redirect(`/dictation/${code}`, 303);
  } catch (error) {
    return data({ eventId, result: rejectForm(submission, upstreamErrors(error)).data }, { status: 400 });
  }
}
