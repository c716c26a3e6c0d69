import { getFormProps } from '@conform-to/react';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react';
import { submitPublicForm } from '#bff/auth/forms.server';
import { safeRedirect } from '#bff/auth/redirect.server';
import { requireAnonymous } from '#bff/auth/require-user.server';
import { requireForm } from '#bff/auth/require-form.server';
import { Field } from '~/components/form/field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { FormAlert, FormNotice } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';
import { schema } from './login.schema';
import { retryAfterHeaders } from '~/components/form/retry-after-headers';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./login.schema').then((m) => m.schema);

const copy = {
  title: 'Вход',
  lead: 'Войдите, чтобы открыть личный кабинет.',
  email: 'Электронная почта',
  password: 'Пароль',
  submit: 'Войти',
  forgot: 'Забыли пароль?',
  register: 'Зарегистрироваться',
  noAccount: 'Нет учётной записи?',
  reasons: {
    pass: 'Ссылка для входа недействительна или уже использована. Войдите с паролем.',
    'password-changed': 'Пароль изменён. Войдите с новым паролем.',
  } as Record<string, string>,
};

export const headers = retryAfterHeaders;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title);

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitPublicForm(context, await requireForm(request), {
    schema,
    form: 'login',
    fieldNames: { login: 'email' },
    forgive: true,
    submit: async ({ email, password, redirectTo }) => {
      // The target first: nothing after the sign-in may fail.
      const target = safeRedirect(redirectTo);
      await context.session.signIn(await context.rest.auth.login({ login: email, password }));
      return redirect(target, 303);
    },
  });
}

/** `/login` and `/dictation2024-login`. */
export default function LoginScreen() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const reason = copy.reasons[searchParams.get('reason') ?? ''];
  const [form, fields] = useSchemaForm(loadSchema, { lastResult });

  return (
    <section className="auth-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {reason ? <FormNotice>{reason}</FormNotice> : null}
      <Form method="post" className="form" {...getFormProps(form)}>
        <HoneypotFields />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <FormAlert form={form} />
        <Field field={fields.email} label={copy.email} type="email" autoComplete="username" inputMode="email" />
        <Field field={fields.password} label={copy.password} type="password" autoComplete="current-password" />
        <SubmitButton label={copy.submit} />
        <p className="form-links">
          <Link to="/password">{copy.forgot}</Link>
          <span>
            {copy.noAccount} <Link to="/registration">{copy.register}</Link>
          </span>
        </p>
      </Form>
    </section>
  );
}
