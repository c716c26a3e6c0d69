import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireAnonymous } from '#bff/request/require-user.server';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { AdminAuthForm as AdminAuthFormNow } from '~/forms/admin-auth';
import { schema } from '~/forms/admin-auth.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const AdminAuthForm = deferredForm(import.meta.env.SSR ? AdminAuthFormNow : null, () =>
  import('~/forms/admin-auth').then((m) => m.AdminAuthForm),
);

const copy = {
  title: 'Вход для администратора',
  lead: 'Вход для сотрудников портала. Участникам и учителям — обычный вход.',
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return null;
}

/** Staff sign-in through the v2 auth call, which accepts admin accounts only (ADR 003). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'public',
    schema,
    limit: 'admin',
    fieldNames: { login: 'email' },
    forgive: true,
    submit: async ({ email, password }) => {
      await context.session.signIn(await context.rest.auth.adminAuth({ login: email, password }));
      return redirect('/lk', 303);
    },
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
