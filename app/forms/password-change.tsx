import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadSchema = () => import('./password-change.schema').then((m) => m.schema);

const copy = {
  currentPassword: 'Текущий пароль',
  newPassword: 'Новый пароль',
  newPasswordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите новый пароль',
  submit: 'Сменить пароль',
};

/** The password change of `/profile/security`. */
export function ChangePasswordForm({
  lastResult,
  saved,
  onInput,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  saved: boolean;
  onInput: () => void;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { id: 'change-password', lastResult });
  return (
    <Form method="post" className="form" onInput={onInput} {...getFormProps(form)}>
      <FormAlert form={form} labels={copy} />
      <Field
        field={fields.currentPassword}
        label={copy.currentPassword}
        type="password"
        autoComplete="current-password"
      />
      <Field
        field={fields.newPassword}
        label={copy.newPassword}
        type="password"
        autoComplete="new-password"
        hint={copy.newPasswordHint}
      />
      <Field field={fields.passwordConfirm} label={copy.passwordConfirm} type="password" autoComplete="new-password" />
      <SubmitButton label={copy.submit} saved={saved} />
    </Form>
  );
}
