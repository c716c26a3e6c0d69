import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadSchema = () => import('./dictation-register.schema').then((m) => m.registerDictationSchema);

const copy = { register: 'Зарегистрироваться', join: 'Начать диктант' };

/**
 * «Зарегистрироваться» for one event: posts to `action` (`/dictation` or `/lk/dictations`), where the
 * upstream records the registration and mails the personal link; a refusal (the period not open yet, or over)
 * shows above the button in the upstream's words. While writing is open (`join`) it is «Начать
 * диктант»: the action registers and starts the dictation in one press.
 */
export function RegisterDictationForm({
  eventId,
  title,
  action,
  join = false,
  lastResult,
}: {
  eventId: number;
  title: string;
  action: string;
  join?: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, {
    id: `register-${eventId}`,
    lastResult,
    defaultValue: { eventId: String(eventId) },
  });
  return (
    <Form method="post" action={action} className="form form--inline" aria-label={title} {...getFormProps(form)}>
      <FormAlert
        form={form}
        unlinked={['eventId']}
        rules={false}
        errors={[...(form.errors ?? []), ...(fields.eventId.errors ?? [])]}
      />
      <input type="hidden" name="intent" value={join ? 'join' : 'register'} />
      <input {...getInputProps(fields.eventId, { type: 'hidden' })} key={fields.eventId.key} />
      <SubmitButton label={join ? copy.join : copy.register} formAction={action} />
    </Form>
  );
}
