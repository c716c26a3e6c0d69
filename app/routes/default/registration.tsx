import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useSearchParams } from '@remix-run/react';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { ScreenIntro } from '~/components/screen-intro';
import { signInAction, signInLoader } from '~/server/sign-in.server';
import { screenMeta } from '~/lib/meta';
import { EMAIL_TAKEN } from '~/forms/registration';
import { isUpstreamError, UpstreamError } from '#bff/rest/errors.server';
import { schema } from '~/forms/registration.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const RegistrationForm = deferredForm(() => import('~/forms/registration').then((m) => m.RegistrationForm));

const copy = {
  title: 'Регистрация',
  lead: 'Создайте учётную запись, чтобы открыть личный кабинет.',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export const loader = signInLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context, {
    schema,
    limit: 'registration',
    signIn: ({ email, password, firstName, lastName, phone }) =>
      context.rest.auth
        .register({ email, password, firstName, lastName, phone, portalOrigin: context.config.publicOrigin })
        .catch((error: unknown) => {
          throw takenAddress(error) ?? error;
        }),
  });
}

/**
 * An address that already has an account: the upstream's refusal, said the page's way at the e-mail field, where
 * the form offers «Войти» and «Восстановить пароль» (ADR 214). Still a refusal, for the limits too.
 */
function takenAddress(error: unknown): UpstreamError | null {
  if (!isUpstreamError(error) || !error.errors.some((e) => e.code === 'email_taken')) return null;
  return new UpstreamError(error.failure, error.call, error.status, [
    { code: 'email_taken', field: 'email', message: EMAIL_TAKEN },
  ]);
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
