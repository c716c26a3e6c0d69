import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form/form-alert';
import { SelectField } from '~/components/form/select-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextareaField } from '~/components/form/textarea-field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { MESSAGE_MAX, MESSAGE_MIN } from '~/forms/limits';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./support.schema').then((m) => m.supportSchema);

const copy = {
  topic: 'Тема обращения',
  chooseTopic: 'Выберите тему',
  message: 'Сообщение',
  messageHint: `От ${MESSAGE_MIN} до ${MESSAGE_MAX} символов. Опишите, что вы делали, что ожидали увидеть и что произошло.`,
  replyTo: (email: string) => `Ответ появится на этой странице и придёт на адрес вашей учётной записи: ${email}.`,
  submit: 'Отправить обращение',
};

/**
 * The support request form of `/lk/support`: a topic and the message. The reply goes to the account's
 * own address, named here, never to one typed in (ADR 235).
 */
export function SupportForm({
  topics,
  email,
  lastResult,
  defaultValue,
}: {
  topics: Array<{ value: string; label: string }>;
  /** The profile's address, where the reply goes. */
  email: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** What was typed before the session ended, back after signing in (bff/request/unsent-form.server.ts). */
  defaultValue?: { topic?: string; message?: string } | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, {
    id: 'support',
    lastResult,
    defaultValue: defaultValue ?? undefined,
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <FormAlert form={form} labels={copy} />
      <SelectField field={fields.topic} label={copy.topic} placeholder={copy.chooseTopic} options={topics} />
      <TextareaField field={fields.message} label={copy.message} hint={copy.messageHint} />
      <p className="request__meta">{copy.replyTo(email)}</p>
      <SubmitButton label={copy.submit} />
    </Form>
  );
}
