import { redirect, type AppLoadContext } from '@remix-run/node';
import { registerDictationSchema } from '~/forms/dictation-register.schema';

/** The registration form's two intents: «Зарегистрироваться», and «Начать диктант» while writing is open. */
export const registrationForms = { register: registerDictationSchema, join: registerDictationSchema };

/**
 * «Зарегистрироваться» on `/dictation` and in the cabinet, the `submit` of a signed-in `handleForm`:
 * the upstream records it, refuses outside the registration period in Russian, and mails the personal link
 * (`{PUBLIC_ORIGIN}/dictation/{code}`). Success redirects back, where the page says «Вы зарегистрированы»; a
 * refusal goes back to that event's form.
 *
 * While writing is open the same form is «Начать диктант» (`intent=join`): the registration — or the
 * dictation the user already has in the event — then a fresh code, as the cabinet's «Начать диктант» gives, and
 * off to its link: the sound check and «Готовы?» before the time starts.
 */
export async function registerForDictation(
  context: AppLoadContext,
  { intent, eventId }: { intent: 'register' | 'join'; eventId: number },
  back: string,
) {
  const { participationId } = await context.rest.dictation.register(eventId, context.config.publicOrigin);
  if (intent !== 'join') return redirect(back, 303);
  return startDictation(context, participationId);
}

/**
 * «Начать диктант» / «Продолжить диктант»: a fresh invitation code for the user's dictation, and off to its link.
 * A dictation not started yet opens at the sound check and «Готовы?», whose button starts the time; one
 * already started opens at the writing — no step more for someone who has begun.
 */
export async function startDictation(context: AppLoadContext, participationId: number) {
  const { code } = await context.rest.dictation.issueCode(participationId);
  return redirect(`/dictation/${code}`, 303);
}
