import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { ScreenIntro } from '~/components/screen-intro';
import { signInAction, signInLoader } from '~/server/sign-in.server';
import { screenMeta } from '~/lib/meta';
import { schema } from '~/forms/admin-auth.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const AdminAuthForm = deferredForm(() => import('~/forms/admin-auth').then((m) => m.AdminAuthForm));

const copy = {
  title: 'Вход для администратора',
  lead: 'Вход для сотрудников портала. Участникам и учителям — обычный вход.',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export const loader = signInLoader;

/** Staff sign-in through the v2 auth call, which accepts admin accounts only; it lands on `/lk`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context, {
    schema,
    limit: 'admin',
    fieldNames: { login: 'email' },
    forgive: true,
    signIn: ({ email, password }) => context.rest.auth.adminAuth({ login: email, password }),
  });
}

export default function AdminAuthScreen() {
  const lastResult = formReply(useActionData<typeof action>());
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <AdminAuthForm lastResult={lastResult} />
    </section>
  );
}
