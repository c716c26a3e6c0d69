import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { submitSignedInForm } from '#bff/auth/forms.server';
import { requireUser } from '#bff/auth/require-user.server';
import type { AuthorQuestion } from '#contract';
import { FormAlert } from '~/components/form/form-alert';
import { SelectField } from '~/components/form/select-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextareaField } from '~/components/form/textarea-field';
import { useSchemaForm } from '~/components/form/use-schema-form';
import { isSavedSearch, savedLocation } from '~/components/form/use-saved-state';
import { ScreenIntro } from '~/components/screen-intro';
import { formatMoscowDateTime } from '~/format';
import { screenMeta } from '~/meta';
import styles from '~/styles/requests.css?url';
import { QUESTION_MAX, QUESTION_MIN } from '~/request-limits';
import { authorQuestionSchema } from './author-questions.schema';

/** Client-side validation loads after hydration (use-schema-form.ts). */
const loadSchema = () => import('./author-questions.schema').then((m) => m.authorQuestionSchema);

const copy = {
  title: 'Вопросы автору',
  lead: 'Спросите авторов сценариев, мастер-классов и заданий о том, что осталось непонятным. Ответ появится на этой странице.',
  formTitle: 'Задать вопрос',
  topic: 'Тема вопроса',
  chooseTopic: 'Выберите тему',
  text: 'Ваш вопрос',
  textHint: `От ${QUESTION_MIN} до ${QUESTION_MAX} символов. Опишите, о каком материале речь и что именно непонятно.`,
  submit: 'Отправить вопрос',
  sent: 'Вопрос отправлен. Авторы ответят на этой странице, обычно в течение трёх рабочих дней.',
  tooMany: (limit: number) =>
    `Вопросов без ответа у вас уже ${limit}. Новый вопрос можно будет задать, когда авторы ответят на один из них.`,
  listTitle: 'Мои вопросы',
  none: 'Вы ещё не задавали вопросов.',
  asked: (at: string) => `Задан ${formatMoscowDateTime(at)}`,
  answer: 'Ответ',
  answered: (author: string, at: string) => `${author}, ${formatMoscowDateTime(at)}`,
  statuses: { sent: 'Отправлен', in_work: 'В работе у автора', answered: 'Есть ответ' } satisfies Record<
    AuthorQuestion['status'],
    string
  >,
};

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { topics, questions, canAsk, openLimit } = await context.rest.authorQuestions.list();
  return {
    topics: topics.map((topic) => ({ value: topic.slug, label: topic.title })),
    questions,
    canAsk,
    openLimit,
    sent: isSavedSearch(new URL(request.url).searchParams),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitSignedInForm(request, context, {
    schema: authorQuestionSchema,
    submit: (question) => context.rest.authorQuestions.ask(question),
    redirectTo: savedLocation(request),
  });
}

/** `/lk/author-questions`: ask the authors, and follow one's questions to their answers (ADR 020). */
export default function AuthorQuestionsScreen() {
  const { topics, questions, canAsk, openLimit, sent } = useLoaderData<typeof loader>();
  const rejected = useActionData<typeof action>();
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {sent && !rejected ? (
        <p role="status" className="request-sent">
          {copy.sent}
        </p>
      ) : null}
      <section aria-labelledby="ask-title" className="request-form">
        <h2 id="ask-title">{copy.formTitle}</h2>
        {canAsk ? (
          // A new form once a question is added: what was sent is not left in the fields.
          <QuestionForm key={questions.length} topics={topics} />
        ) : (
          <p>{copy.tooMany(openLimit)}</p>
        )}
      </section>
      <section aria-labelledby="questions-title">
        <h2 id="questions-title">{copy.listTitle}</h2>
        {questions.length === 0 ? (
          <p>{copy.none}</p>
        ) : (
          <ul className="requests">
            {questions.map((question) => (
              <li key={question.id} className="request">
                <p className="request__meta">
                  <span className={`request__status request__status--${question.status}`}>
                    {copy.statuses[question.status]}
                  </span>{' '}
                  {question.topic.title} · {copy.asked(question.askedAt)}
                </p>
                <p className="request__text">{question.text}</p>
                {question.answer ? (
                  <div className="request__reply">
                    <h3>{copy.answer}</h3>
                    <p>{question.answer.text}</p>
                    <p className="request__meta">{copy.answered(question.answer.author, question.answer.answeredAt)}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function QuestionForm({ topics }: { topics: Array<{ value: string; label: string }> }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(loadSchema, { id: 'author-question', lastResult });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <FormAlert form={form} />
      <SelectField field={fields.topic} label={copy.topic} placeholder={copy.chooseTopic} options={topics} />
      <TextareaField field={fields.text} label={copy.text} hint={copy.textHint} />
      <SubmitButton label={copy.submit} />
    </Form>
  );
}
