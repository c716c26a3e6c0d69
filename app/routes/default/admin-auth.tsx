import { getFormProps } from '@conform-to/react';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { submitPublicForm } from '#bff/auth/forms.server';
import { requireAnonymous } from '#bff/auth/require-user.server';
import { requireForm } from '#bff/auth/require-form.server';
import { Field } from '~/components/form/field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { FormAlert } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';
import { schema } from './admin-auth.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./admin-auth.schema').then((m) => m.schema);

const copy = {
  title: 'Вход для администратора',
  lead: 'Вход для сотрудников портала. Участникам и учителям — обычный вход.',
  email: 'Электронная почта',
  password: 'Пароль',
  submit: 'Войти',
  regularLogin: 'Обычный вход',
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
  const [form, fields] = useSchemaForm(loadSchema, { lastResult });

  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <HoneypotFields />
        <FormAlert form={form} />
        <Field field={fields.email} label={copy.email} type="email" autoComplete="username" inputMode="email" />
        <Field field={fields.password} label={copy.password} type="password" autoComplete="current-password" />
        <SubmitButton label={copy.submit} />
        <p className="form-links">
          <Link to="/login">{copy.regularLogin}</Link>
        </p>
      </Form>
    </section>
  );
}
