import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { HoneypotFields } from '~/components/form/honeypot-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadRequestSchema = () => import('./password.schema').then((m) => m.requestSchema);
const loadConfirmSchema = () => import('./password.schema').then((m) => m.confirmSchema);

const copy = {
  email: 'Электронная почта',
  sendCode: 'Получить код',
  code: 'Код из письма',
  codeHint: 'Шесть цифр.',
  password: 'Новый пароль',
  passwordHint: 'Не менее 8 символов.',
  passwordConfirm: 'Повторите пароль',
  save: 'Сохранить пароль',
  newCode: 'Отправить код ещё раз',
  backToLogin: 'Вернуться ко входу',
};

interface StepProps {
  email: string;
  lastResult?: SubmissionResult<string[]> | null;
}

/** Password recovery, step one: the address the code goes to. */
export function RecoveryRequestForm({ email, lastResult }: StepProps) {
  const [form, fields] = useSchemaForm(loadRequestSchema, {
    id: 'recovery-request',
    lastResult,
    defaultValue: { email },
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <HoneypotFields />
      <input type="hidden" name="intent" value="request" />
      <FormAlert form={form} labels={copy} />
      <Field field={fields.email} label={copy.email} type="email" autoComplete="email" inputMode="email" />
      <SubmitButton label={copy.sendCode} />
      <p className="form-links">
        <Link to="/login">{copy.backToLogin}</Link>
      </p>
    </Form>
  );
}

/** Password recovery, step two: the code from the e-mail and the new password. */
export function RecoveryConfirmForm({ email, lastResult }: StepProps) {
  const [form, fields] = useSchemaForm(loadConfirmSchema, { id: 'recovery-confirm', lastResult });
  // The address travels in a hidden field, so its errors are shown above the form.
  const formErrors = [...(form.errors ?? []), ...(fields.email.errors ?? [])];
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <HoneypotFields />
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="email" value={email} />
      <FormAlert form={form} labels={copy} errors={formErrors} unlinked={['email']} />
      <Field
        field={fields.code}
        label={copy.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        mask="######"
        hint={copy.codeHint}
      />
      <Field
        field={fields.password}
        label={copy.password}
        type="password"
        autoComplete="new-password"
        hint={copy.passwordHint}
      />
      <Field field={fields.passwordConfirm} label={copy.passwordConfirm} type="password" autoComplete="new-password" />
      <SubmitButton label={copy.save} />
      <p className="form-links">
        <Link to="/password">{copy.newCode}</Link>
        <Link to="/login">{copy.backToLogin}</Link>
      </p>
    </Form>
  );
}
