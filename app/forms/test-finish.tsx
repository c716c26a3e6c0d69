import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';

const loadSchema = () => import('./test-finish.schema').then((m) => m.finishSchema);

const copy = { submit: 'Завершить и отправить' };

/**
 * The summary's one button that sends the attempt (ADR 237): the attempt it names is finished and scored, and the
 * browser goes to its result. Nothing else finishes an attempt.
 */
export function FinishAttemptForm({
  attemptId,
  lastResult,
}: {
  attemptId: number;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, {
    id: `finish-${attemptId}`,
    lastResult,
    defaultValue: { attemptId: String(attemptId) },
  });
  return (
    <Form method="post" className="form form--inline" {...getFormProps(form)}>
      <FormAlert
        form={form}
        unlinked={['attemptId']}
        rules={false}
        errors={[...(form.errors ?? []), ...(fields.attemptId.errors ?? [])]}
      />
      <input {...getInputProps(fields.attemptId, { type: 'hidden' })} key={fields.attemptId.key} />
      <SubmitButton label={copy.submit} />
    </Form>
  );
}
