import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireAnonymous } from '#bff/request/require-user.server';
import { recoveryEmail } from '#bff/request/recovery-email.server';
import { safeRedirect } from '#bff/request/redirect.server';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { FormNotice } from '~/components/form/form-alert';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { confirmSchema, requestSchema } from '~/forms/password.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const RecoveryRequestForm = deferredForm(() => import('~/forms/password').then((m) => m.RecoveryRequestForm));
const RecoveryConfirmForm = deferredForm(() => import('~/forms/password').then((m) => m.RecoveryConfirmForm));

const copy = {
  title: 'Восстановление пароля',
  requestLead: 'Укажите адрес электронной почты, с которым вы регистрировались. Мы пришлём на него код.',
  confirmLead: 'Введите код из письма и придумайте новый пароль.',
  codeSent: 'Если адрес зарегистрирован, мы отправили на него код.',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

/** The address the first step remembered (in a sealed cookie, never in the URL), for either step. */
export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return { email: await recoveryEmail(context).read() };
}

/** One action for both steps; the hidden `intent` field says which form was sent (the first step when none). */
export async function action({ request, context }: ActionFunctionArgs) {
  const remembered = recoveryEmail(context);
  // Where the sign-in was to lead before «Забыли пароль?» (the dictation, say): kept through both steps.
  const target = new URL(request.url).searchParams.get('redirectTo');
  const back = target ? `&${new URLSearchParams({ redirectTo: safeRedirect(target) })}` : '';
  return handleForm(request, context, {
    guard: 'public',
    schema: { request: requestSchema, confirm: confirmSchema },
    defaultIntent: 'request',
    limit: ({ intent }) => (intent === 'confirm' ? 'recovery-code' : 'recovery'),
    // Asking for a code says nothing about the account: only a confirmed code forgives the failures.
    forgive: ({ intent }) => intent === 'confirm',
    submit: async (value) => {
      if (value.intent === 'request') {
        await context.rest.auth.sendRecoveryCode({ email: value.email });
        await remembered.remember(value.email);
        return redirect(`/password?step=confirm${back}`, { status: 303 });
      }
      const { email, code, password } = value;
      const { id } = await context.rest.auth.confirmRecovery({ email, code, password });
      // The upstream ends the old sessions; the portal ends them too, or its caches would still answer them: all
      // of the account's, by its id when the provider names it, whatever address each signed in with.
      await context.session.endSessionsOfRecovery(email, id ?? null);
      // The code came to the address: the lock of wrong passwords is lifted here, so the new password signs in.
      await context.limits.liftLock(context.clientAddress, email, await context.session.deviceFor(email));
      // The address stays remembered a little longer: the sign-in fills it in, then forgets it.
      return redirect(`/login?reason=password-changed${back}`, { status: 303 });
    },
  });
}

export default function PasswordScreen() {
  const [searchParams] = useSearchParams();
  const { email } = useLoaderData<typeof loader>();
  // Without a remembered address (it expired, or the link was opened elsewhere) the first step starts over.
  return searchParams.get('step') === 'confirm' && email ? (
    <ConfirmStep email={email} />
  ) : (
    <RequestStep email={email ?? ''} />
  );
}

function RequestStep({ email }: { email: string }) {
  const lastResult = formReply(useActionData<typeof action>());
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.requestLead} />
      <RecoveryRequestForm email={email} lastResult={lastResult} />
    </section>
  );
}

function ConfirmStep({ email }: { email: string }) {
  const lastResult = formReply(useActionData<typeof action>());
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.confirmLead} />
      <FormNotice>{copy.codeSent}</FormNotice>
      <RecoveryConfirmForm email={email} lastResult={lastResult} />
    </section>
  );
}
