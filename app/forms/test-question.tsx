import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { z } from 'zod';
import type { AttemptQuestion } from '#contract';
import { FieldMessages } from '~/components/form/field-messages';
import { FormAlert } from '~/components/form/form-alert';
import { useSchemaForm } from '~/components/form/use-schema-form';
import type { answerSchema } from './test-question.schema';
import { QuestionNavigation } from '~/components/testing/question-navigation';

type Shape = z.input<typeof answerSchema>;

const loadSchema = () => import('./test-question.schema').then((m) => m.answerSchema);

const copy = {
  question: (n: number) => `Вопрос ${n}`,
  singleHint: 'Выберите один вариант.',
  multipleHint: 'Отметьте все верные варианты.',
  textLabel: 'Ваш ответ',
  textHint: 'Слово, число или короткая фраза; регистр букв и «ё» не важны.',
  saved: 'Ответ сохранён. Его можно изменить до завершения теста.',
  next: 'Ответить и далее',
  answer: 'Ответить',
  back: 'Назад',
};

interface QuestionFormProps {
  attemptId: number;
  question: AttemptQuestion;
  /** Whether each question of the attempt has an answer, by position − 1. */
  answered: boolean[];
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * One question as a form that works without JavaScript: radios, checkboxes or a text field, then «Ответить и
 * далее» (first, so Enter in the text field answers), «Назад», the list of questions and «Завершить тест» (to the summary).
 * Every button saves what is chosen or typed before it goes anywhere, so nothing given is lost.
 */
export function QuestionForm({ attemptId, question, answered, lastResult }: QuestionFormProps) {
  const chosen = question.answer?.optionIds.map(String) ?? [];
  const [form, fields] = useSchemaForm(loadSchema, {
    id: `answer-${question.id}`,
    lastResult,
    defaultValue: {
      // conform checks a radio against one value and a checkbox against a list.
      optionIds: question.kind === 'single' ? (chosen[0] as unknown as string[]) : chosen,
      text: question.answer?.text ?? '',
    },
  });
  const { position } = question;
  const count = answered.length;
  const firstOpen = answered.findIndex((done, index) => !done && index !== position - 1);
  const nextTarget = position < count ? position + 1 : firstOpen >= 0 ? firstOpen + 1 : position;
  return (
    <Form method="post" className="form test-question" {...getFormProps(form)}>
      <FormAlert
        form={form}
        unlinked={['attemptId', 'questionId', 'kind', 'intent']}
        labels={{ text: copy.textLabel }}
      />
      <input type="hidden" name="attemptId" value={attemptId} />
      <input type="hidden" name="questionId" value={question.id} />
      <input type="hidden" name="kind" value={question.kind} />
      {question.kind === 'text' ? (
        <TextAnswer question={question} field={fields.text} />
      ) : (
        <ChoiceAnswer question={question} field={fields.optionIds} />
      )}
      {question.answer ? (
        <p role="status" className="test-question__saved">
          {copy.saved}
        </p>
      ) : null}
      <div className="test-question__buttons">
        <button type="submit" className="button" name="intent" value={`answer-${nextTarget}`}>
          {nextTarget === position ? copy.answer : copy.next}
        </button>
        {position > 1 ? (
          <button type="submit" className="button button--quiet" name="intent" value={`go-${position - 1}`}>
            {copy.back}
          </button>
        ) : null}
      </div>
      <QuestionNavigation current={position} answered={answered} />
    </Form>
  );
}

function ChoiceAnswer({
  question,
  field,
}: {
  question: AttemptQuestion;
  field: FieldMetadata<number[] | undefined, Shape, string[]>;
}) {
  const hintId = `${field.id}-hint`;
  const type = question.kind === 'single' ? 'radio' : 'checkbox';
  const choices = getCollectionProps(field, { type, options: question.options.map((option) => String(option.id)) });
  const labels = new Map(question.options.map((option) => [String(option.id), option.text]));
  return (
    <fieldset className="field test-question__choices" aria-describedby={`${hintId} ${field.errorId}`}>
      <legend>
        <span className="test-question__number">{copy.question(question.position)}. </span>
        {question.text}
      </legend>
      {choices.map(({ key, ...props }) => (
        <div key={key} className="checkbox">
          <input {...props} aria-describedby={undefined} />
          <label htmlFor={props.id}>{labels.get(props.value)}</label>
        </div>
      ))}
      <FieldMessages field={field} hint={question.kind === 'single' ? copy.singleHint : copy.multipleHint} />
    </fieldset>
  );
}

function TextAnswer({
  question,
  field,
}: {
  question: AttemptQuestion;
  field: FieldMetadata<string | undefined, Shape, string[]>;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type: 'text', ariaDescribedBy: hintId });
  return (
    <fieldset className="field">
      <legend>
        <span className="test-question__number">{copy.question(question.position)}. </span>
        {question.text}
      </legend>
      <label htmlFor={field.id}>{copy.textLabel}</label>
      <input key={key} {...props} autoComplete="off" spellCheck={false} maxLength={200} />
      <FieldMessages field={field} hint={copy.textHint} />
    </fieldset>
  );
}
