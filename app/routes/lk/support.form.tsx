import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field } from '~/components/form/field';
import { FormAlert } from '~/components/form/form-alert';
import { SelectField } from '~/components/form/select-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextareaField } from '~/components/form/textarea-field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { MESSAGE_MAX, MESSAGE_MIN } from '~/request-limits';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./support.schema').then((m) => m.supportSchema);

const copy = {
  topic: 'Тема обращения',
  chooseTopic: 'Выберите тему',
  message: 'Сообщение',
  messageHint: `От ${MESSAGE_MIN} до ${MESSAGE_MAX} символов. Опишите, что вы делали, что ожидали увидеть и что произошло.`,
  replyTo: 'Адрес для ответа',
  replyToHint: 'Сюда придёт копия ответа. Если оставить поле пустым — на адрес вашей учётной записи.',
  submit: 'Отправить обращение',
};

/** The support request form of `/lk/support`: a topic, the message and an address to reply to (ADR 020). */
export function SupportForm({
  topics,
  email,
  lastResult,
}: {
  topics: Array<{ value: string; label: string }>;
  /** The profile's address, offered as the reply-to address. */
  email: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { id: 'support', lastResult, defaultValue: { replyTo: email } });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <FormAlert form={form} />
      <SelectField field={fields.topic} label={copy.topic} placeholder={copy.chooseTopic} options={topics} />
      <TextareaField field={fields.message} label={copy.message} hint={copy.messageHint} />
      <Field
        field={fields.replyTo}
        label={copy.replyTo}
        type="email"
        autoComplete="email"
        inputMode="email"
        hint={copy.replyToHint}
        optional
      />
      <SubmitButton label={copy.submit} />
    </Form>
  );
}
