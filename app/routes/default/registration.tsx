import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useSearchParams } from '@remix-run/react';
import { safeRedirect } from '#bff/request/redirect.server';
import { handleForm } from '#bff/request/forms.server';
import { requireAnonymous } from '#bff/request/require-user.server';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { RegistrationForm as RegistrationFormNow } from '~/forms/registration';
import { schema } from '~/forms/registration.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const RegistrationForm = deferredForm(import.meta.env.SSR ? RegistrationFormNow : null, () =>
  import('~/forms/registration').then((m) => m.RegistrationForm),
);

const copy = {
  title: 'Регистрация',
  lead: 'Создайте учётную запись, чтобы открыть личный кабинет.',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'public',
    schema,
    limit: 'registration',
    submit: async ({ email, password, firstName, lastName, phone, redirectTo }) => {
      const target = safeRedirect(redirectTo);
      await context.session.signIn(await context.rest.auth.register({ email, password, firstName, lastName, phone }));
      return redirect(target, 303);
    },
  });
}

export default function RegistrationScreen() {
  const lastResult = formReply(useActionData<typeof action>());
  const [searchParams] = useSearchParams();
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <RegistrationForm lastResult={lastResult} redirectTo={searchParams.get('redirectTo') ?? ''} />
    </section>
  );
}
