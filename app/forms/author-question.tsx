import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { FormAlert } from '~/components/form/form-alert';
import { SelectField } from '~/components/form/select-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextareaField } from '~/components/form/textarea-field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { QUESTION_MAX, QUESTION_MIN } from '~/forms/limits';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./author-question.schema').then((m) => m.authorQuestionSchema);

const copy = {
  topic: 'Тема вопроса',
  chooseTopic: 'Выберите тему',
  text: 'Ваш вопрос',
  textHint: `От ${QUESTION_MIN} до ${QUESTION_MAX} символов. Опишите, о каком материале речь и что именно непонятно.`,
  submit: 'Отправить вопрос',
};

/** The question form of `/lk/author-questions`: a topic and the question. */
export function AuthorQuestionForm({
  topics,
  lastResult,
}: {
  topics: Array<{ value: string; label: string }>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(loadSchema, { id: 'author-question', lastResult });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <FormAlert form={form} labels={copy} />
      <SelectField field={fields.topic} label={copy.topic} placeholder={copy.chooseTopic} options={topics} />
      <TextareaField field={fields.text} label={copy.text} hint={copy.textHint} />
      <SubmitButton label={copy.submit} />
    </Form>
  );
}
