import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Checkbox } from '~/components/form/checkbox';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { PHONE_HINT, PHONE_MASK, PHONE_WHY } from '~/lib/mask';
import { NAME_MAX } from '#shared/names';

/**
 * The e-mail field's message when the address already has an account (the action puts it there): the field then
 * offers «Войти» and «Восстановить пароль» (ADR 214).
 */
export const EMAIL_TAKEN = 'Этот адрес уже зарегистрирован. Войдите или восстановите пароль.';

const loadSchema = () => import('./registration.schema').then((m) => m.schema);

const copy = {
  lastName: 'Фамилия',
  firstName: 'Имя',
  email: 'Электронная почта',
  phone: 'Телефон',
  password: 'Пароль',
  passwordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите пароль',
  /** The consent box's name in the error summary. */
  consent: 'Согласие на обработку персональных данных',
  consentStart: 'Даю согласие на ',
  consentLink: 'обработку персональных данных',
  consentMiddle: ' на условиях ',
  privacyLink: 'Политики обработки персональных данных',
  takenSignIn: 'Войти',
  takenRecover: 'Восстановить пароль',
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
      <FormAlert form={form} labels={copy} />
      <Field field={fields.lastName} label={copy.lastName} autoComplete="family-name" maxLength={NAME_MAX} />
      <Field field={fields.firstName} label={copy.firstName} autoComplete="given-name" maxLength={NAME_MAX} />
      <Field field={fields.email} label={copy.email} type="email" autoComplete="email" inputMode="email">
        {fields.email.errors?.includes(EMAIL_TAKEN) ? (
          <p className="form-links">
            <Link to="/login">{copy.takenSignIn}</Link>
            <Link to="/password">{copy.takenRecover}</Link>
          </p>
        ) : null}
      </Field>
      <Field
        field={fields.phone}
        label={copy.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        mask={PHONE_MASK}
        hint={`${PHONE_HINT} ${PHONE_WHY}`}
      />
      <Field
        field={fields.password}
        label={copy.password}
        type="password"
        autoComplete="new-password"
        hint={copy.passwordHint}
      />
      <Field field={fields.passwordConfirm} label={copy.passwordConfirm} type="password" autoComplete="new-password" />
      <Checkbox
        field={fields.consent}
        label={
          <>
            {copy.consentStart}
            <Link to="/consent" target="_blank">
              {copy.consentLink}
            </Link>
            {copy.consentMiddle}
            <Link to="/privacy" target="_blank">
              {copy.privacyLink}
            </Link>
          </>
        }
      />
      <SubmitButton label={copy.submit} />
      <p className="form-links">
        <span>
          {copy.haveAccount} <Link to="/login">{copy.login}</Link>
        </span>
      </p>
    </Form>
  );
}
