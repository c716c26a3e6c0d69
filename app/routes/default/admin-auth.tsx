import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { submitPublicForm } from '#bff/auth/forms.server';
import { requireAnonymous } from '#bff/auth/require-user.server';
import { requireForm } from '#bff/auth/require-form.server';
import { deferredForm } from '~/components/form/deferred-form';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';
import { AdminAuthForm as AdminAuthFormNow } from './admin-auth.form';
import { schema } from './admin-auth.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

const AdminAuthForm = deferredForm(import.meta.env.SSR ? AdminAuthFormNow : null, () =>
  import('./admin-auth.form').then((m) => m.AdminAuthForm),
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
  return submitPublicForm(context, await requireForm(request), {
    schema,
    form: 'admin',
    fieldNames: { login: 'email' },
    forgive: true,
    submit: async ({ email, password }) => {
      await context.session.signIn(await context.rest.auth.adminAuth({ login: email, password }));
      return redirect('/lk', 303);
    },
  });
}

export default function AdminAuthScreen() {
  const lastResult = useActionData<typeof action>();
  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <AdminAuthForm lastResult={lastResult} />
    </section>
  );
}
