import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadSchema = () => import('./login.schema').then((m) => m.schema);

const copy = {
  email: 'Электронная почта',
  password: 'Пароль',
  submit: 'Войти',
  forgot: 'Забыли пароль?',
  register: 'Зарегистрироваться',
  noAccount: 'Нет учётной записи?',
};

/** The sign-in form of `/login` and `/dictation2024-login`. */
export function LoginForm({
  lastResult,
  redirectTo,
  email,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo: string;
  /** The address a password recovery just used, filled in («Пароль изменён»). */
  email?: string | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { lastResult, defaultValue: email ? { email } : undefined });
  const back = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : '';
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <HoneypotFields />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert form={form} labels={copy} />
      <Field field={fields.email} label={copy.email} type="email" autoComplete="username" inputMode="email" />
      <Field field={fields.password} label={copy.password} type="password" autoComplete="current-password" />
      <SubmitButton label={copy.submit} />
      <p className="form-links">
        {/* The recovery brings its user back where the sign-in was to lead (the dictation, say). */}
        <Link to={`/password${back}`}>{copy.forgot}</Link>
        <span>
          {copy.noAccount} <Link to={`/registration${back}`}>{copy.register}</Link>
        </span>
      </p>
    </Form>
  );
}
