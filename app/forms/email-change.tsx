import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadSchema = () => import('./email-change.schema').then((m) => m.schema);

const copy = {
  email: 'Новый адрес электронной почты',
  currentPassword: 'Текущий пароль',
  currentPasswordHint: 'Чтобы никто, кроме вас, не сменил адрес, даже с вашего открытого кабинета.',
  submit: 'Сменить адрес',
};

/** The address change of `/profile/email/change`: the new address and the current password. */
export function EmailChangeForm({
  lastResult,
  saved,
  onInput,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  saved: boolean;
  onInput: () => void;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { id: 'change-email', lastResult });
  return (
    <Form method="post" className="form" onInput={onInput} {...getFormProps(form)}>
      <FormAlert form={form} labels={copy} />
      <Field field={fields.email} label={copy.email} type="email" autoComplete="email" inputMode="email" />
      <Field
        field={fields.currentPassword}
        label={copy.currentPassword}
        type="password"
        autoComplete="current-password"
        hint={copy.currentPasswordHint}
      />
      <SubmitButton label={copy.submit} saved={saved} />
    </Form>
  );
}
