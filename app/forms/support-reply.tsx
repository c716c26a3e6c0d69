import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { TextareaField } from '~/components/form/textarea-field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { MESSAGE_MAX, MESSAGE_MIN } from '~/forms/limits';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./support-reply.schema').then((m) => m.supportReplySchema);

const copy = {
  open: 'Ответить',
  message: 'Ваш ответ',
  hint: `От ${MESSAGE_MIN} до ${MESSAGE_MAX} символов.`,
  reopens: 'Обращение снова откроется, и поддержка ответит здесь и на почту.',
  submit: 'Отправить ответ',
};

/**
 * The answer back on a support request that support has replied to, one per request, folded into
 * «Ответить» (a disclosure needs no JavaScript) and open when its last send was refused.
 */
export function SupportReplyForm({
  requestId,
  resolved,
  lastResult,
}: {
  requestId: number;
  /** A resolved request opens again when answered: the form says so. */
  resolved: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, {
    id: `support-reply-${requestId}`,
    lastResult,
    defaultValue: { requestId },
  });
  return (
    <details className="request__answer" open={lastResult ? true : undefined}>
      <summary>{copy.open}</summary>
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="reply" />
        <input {...getInputProps(fields.requestId, { type: 'hidden' })} key={fields.requestId.key} />
        <FormAlert form={form} labels={copy} unlinked={['requestId']} />
        <TextareaField field={fields.message} label={copy.message} hint={copy.hint} rows={4} />
        {resolved ? <p className="request__meta">{copy.reopens}</p> : null}
        <SubmitButton label={copy.submit} />
      </Form>
    </details>
  );
}
