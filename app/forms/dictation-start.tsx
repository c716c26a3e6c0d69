import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadSchema = () => import('./dictation-start.schema').then((m) => m.startDictationSchema);

const copy = { start: 'Начать диктант', resume: 'Продолжить диктант' };

/**
 * «Начать диктант»: posts to the list's action, which issues a fresh invitation link and sends the browser to
 * it (`/dictation/{code}`). The same dictation continues whichever link opens it.
 */
export function StartDictationForm({
  id,
  started,
  lastResult,
}: {
  id: number;
  started: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { id: `start-${id}`, lastResult, defaultValue: { id: String(id) } });
  return (
    <Form method="post" action="/lk/dictations" className="form form--inline" {...getFormProps(form)}>
      <FormAlert
        form={form}
        unlinked={['id']}
        rules={false}
        errors={[...(form.errors ?? []), ...(fields.id.errors ?? [])]}
      />
      <input {...getInputProps(fields.id, { type: 'hidden' })} key={fields.id.key} />
      <SubmitButton label={started ? copy.resume : copy.start} formAction="/lk/dictations" />
    </Form>
  );
}
