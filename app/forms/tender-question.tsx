import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { SentQuestion } from '#contract';
import { FieldMessages } from '~/components/form/field-messages';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { formatMoscowDateTime } from '#shared/moscow-time';

const loadSchema = () => import('./tender-question.schema').then((m) => m.questionSchema);

const copy = {
  title: 'Вопрос организаторам конкурса',
  lead: 'Задайте один вопрос об условиях конкурса: ответ придёт на вашу электронную почту.',
  label: 'Ваш вопрос',
  hint: 'От 10 до 2000 символов. Отправить вопрос можно один раз.',
  submit: 'Отправить вопрос',
  sent: (at: string) =>
    `Вопрос отправлен организаторам ${formatMoscowDateTime(at)}. Ответ придёт на вашу электронную почту.`,
  yourQuestion: 'Ваш вопрос:',
  notAllowed: 'Вопросы по конкурсу принимаются от учителей и участников.',
};

export interface TenderState {
  canAsk: boolean;
  reason: 'not_allowed' | 'already_asked' | null;
  question: SentQuestion | null;
}

/** The tender question: the form while the user may ask, the sent question afterwards. */
export function TenderQuestion({
  state,
  lastResult,
}: {
  state: TenderState;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <section id="tender" className="card tender" aria-labelledby="tender-title">
      <h2 id="tender-title">{copy.title}</h2>
      {state.question ? (
        <>
          <p role="status">{copy.sent(state.question.sentAt)}</p>
          <p>{copy.yourQuestion}</p>
          <blockquote className="tender__question">{state.question.text}</blockquote>
        </>
      ) : state.canAsk ? (
        <QuestionForm lastResult={lastResult} />
      ) : (
        <p>{copy.notAllowed}</p>
      )}
    </section>
  );
}

function QuestionForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm(loadSchema, { id: 'tender-question', lastResult });
  const hintId = `${fields.text.id}-hint`;
  const { key, ...textarea } = getTextareaProps(fields.text, { ariaDescribedBy: hintId });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p>{copy.lead}</p>
      <input type="hidden" name="intent" value="question" />
      <FormAlert form={form} labels={{ text: copy.label }} />
      <div className="field">
        <label htmlFor={fields.text.id}>{copy.label}</label>
        <textarea key={key} {...textarea} rows={5} />
        <FieldMessages field={fields.text} hint={copy.hint} />
      </div>
      <SubmitButton label={copy.submit} />
    </Form>
  );
}
