import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadSchema = () => import('./admin-auth.schema').then((m) => m.schema);

const copy = {
  email: 'Электронная почта',
  password: 'Пароль',
  submit: 'Войти',
  regularLogin: 'Обычный вход',
};

/** The staff sign-in form of `/admin-auth`. */
export function AdminAuthForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm(loadSchema, { lastResult });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <HoneypotFields />
      <FormAlert form={form} labels={copy} />
      <Field field={fields.email} label={copy.email} type="email" autoComplete="username" inputMode="email" />
      <Field field={fields.password} label={copy.password} type="password" autoComplete="current-password" />
      <SubmitButton label={copy.submit} />
      <p className="form-links">
        <Link to="/login">{copy.regularLogin}</Link>
      </p>
    </Form>
  );
}
