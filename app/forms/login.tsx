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
}: {
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo: string;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { lastResult });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <HoneypotFields />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert form={form} labels={copy} />
      <Field field={fields.email} label={copy.email} type="email" autoComplete="username" inputMode="email" />
      <Field field={fields.password} label={copy.password} type="password" autoComplete="current-password" />
      <SubmitButton label={copy.submit} />
      <p className="form-links">
        <Link to="/password">{copy.forgot}</Link>
        <span>
          {copy.noAccount}{' '}
          <Link to={redirectTo ? `/registration?${new URLSearchParams({ redirectTo })}` : '/registration'}>
            {copy.register}
          </Link>
        </span>
      </p>
    </Form>
  );
}
