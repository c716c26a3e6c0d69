import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import type { AuthorQuestion } from '#contract';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { FormNotice } from '~/components/form/form-alert';
import { isSavedSearch, SAVED_NOTICE, savedLocation } from '~/components/form/use-saved-state';
import { NewMark } from '~/components/new-mark';
import { ScreenIntro } from '~/components/screen-intro';
import { RequestList } from '~/components/ui/request-list';
import type { Tone } from '~/components/ui/status-badge';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { markShownAsSeen } from '~/server/read-receipt.server';
import { screenMeta } from '~/lib/meta';
import { authorQuestionSchema } from '~/forms/author-question.schema';

/** The form hydrates once its own chunk has loaded. */
const AuthorQuestionForm = deferredForm(() => import('~/forms/author-question').then((m) => m.AuthorQuestionForm));

const copy = {
  title: 'Вопросы автору',
  lead: 'Спросите авторов сценариев, мастер-классов и заданий о том, что осталось непонятным. Ответ появится на этой странице.',
  formTitle: 'Задать вопрос',
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

const TONES = { sent: 'neutral', in_work: 'info', answered: 'success' } satisfies Record<
  AuthorQuestion['status'],
  Tone
>;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { topics, questions, canAsk, openLimit } = await context.rest.authorQuestions.list();
  await markShownAsSeen(request, context, 'author-questions', questions);
  return {
    topics: topics.map((topic) => ({ value: topic.slug, label: topic.title })),
    questions,
    canAsk,
    openLimit,
    sent: isSavedSearch(new URL(request.url).searchParams),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: authorQuestionSchema,
    submit: (question) => context.rest.authorQuestions.ask(question),
    redirectTo: savedLocation(request),
  });
}

/** `/lk/author-questions`: ask the authors, and follow one's questions to their answers. */
export default function AuthorQuestionsScreen() {
  const { topics, questions, canAsk, openLimit, sent } = useLoaderData<typeof loader>();
  const rejected = formReply(useActionData<typeof action>());
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {sent && !rejected ? <FormNotice id={SAVED_NOTICE}>{copy.sent}</FormNotice> : null}
      <section aria-labelledby="ask-title" className="request-form">
        <h2 id="ask-title">{copy.formTitle}</h2>
        {/* A refused question keeps its form, with the reason and what was typed. */}
        {canAsk || rejected ? (
          // A new form once a question is added: what was sent is not left in the fields.
          <AuthorQuestionForm key={questions.length} topics={topics} lastResult={rejected} />
        ) : (
          <p>{copy.tooMany(openLimit)}</p>
        )}
      </section>
      <section aria-labelledby="questions-title">
        <h2 id="questions-title">{copy.listTitle}</h2>
        <RequestList
          anchor="question"
          empty={copy.none}
          items={questions.map((question) => ({
            id: question.id,
            mark: question.unseen ? <NewMark answered={question.answer !== null} /> : undefined,
            status: { label: copy.statuses[question.status], tone: TONES[question.status] },
            about: `${question.topic.title} · ${copy.asked(question.askedAt)}`,
            text: question.text,
            reply: question.answer
              ? {
                  heading: copy.answer,
                  text: question.answer.text,
                  meta: copy.answered(question.answer.author, question.answer.answeredAt),
                }
              : undefined,
          }))}
        />
      </section>
    </>
  );
}
