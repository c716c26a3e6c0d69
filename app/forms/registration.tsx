import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Checkbox } from '~/components/form/checkbox';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { PHONE_HINT, PHONE_MASK } from '~/lib/mask';

const loadSchema = () => import('./registration.schema').then((m) => m.schema);

const copy = {
  lastName: 'Фамилия',
  firstName: 'Имя',
  email: 'Электронная почта',
  phone: 'Телефон',
  password: 'Пароль',
  passwordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите пароль',
  consent: 'Я согласен на обработку персональных данных',
  submit: 'Зарегистрироваться',
  haveAccount: 'Уже зарегистрированы?',
  login: 'Войти',
};

/** The registration form of `/registration`. */
export function RegistrationForm({
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
      <FormAlert form={form} />
      <Field field={fields.lastName} label={copy.lastName} autoComplete="family-name" />
      <Field field={fields.firstName} label={copy.firstName} autoComplete="given-name" />
      <Field field={fields.email} label={copy.email} type="email" autoComplete="email" inputMode="email" />
      <Field
        field={fields.phone}
        label={copy.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        mask={PHONE_MASK}
        hint={PHONE_HINT}
      />
      <Field
        field={fields.password}
        label={copy.password}
        type="password"
        autoComplete="new-password"
        hint={copy.passwordHint}
      />
      <Field field={fields.passwordConfirm} label={copy.passwordConfirm} type="password" autoComplete="new-password" />
      <Checkbox field={fields.consent} label={copy.consent} />
      <SubmitButton label={copy.submit} />
      <p className="form-links">
        <span>
          {copy.haveAccount} <Link to="/login">{copy.login}</Link>
        </span>
      </p>
    </Form>
  );
}
