import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { Countdown } from '~/components/countdown';
import { ScreenIntro } from '~/components/screen-intro';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { StatusBadge } from '~/components/ui/status-badge';
import { finishSchema } from '~/forms/test-finish.schema';
import { screenMeta } from '~/lib/meta';
import { readId } from '~/server/route-params';
import { seconds } from '#shared/time';

/** The form and conform load in a chunk of their own, after the page. */
const FinishAttemptForm = deferredForm(() => import('~/forms/test-finish').then((m) => m.FinishAttemptForm));

const copy = {
  title: 'Проверка перед отправкой',
  backToTest: 'К описанию теста',
  timer: 'До конца теста осталось',
  warning: 'Скоро время закончится. Отправьте тест, иначе он завершится сам.',
  answered: 'Отвечен',
  unanswered: 'Без ответа',
  question: (n: number) => `Вопрос ${n}`,
  allAnswered: (count: number) => `Ответ дан на все вопросы (${count}).`,
  open: (open: number, count: number) =>
    `Без ответа: ${open} из ${count}. Вопрос без ответа засчитывается как неверный; ответить можно, пока тест не отправлен.`,
  rule: 'После отправки ответы изменить нельзя: попытка будет засчитана и откроется результат с разбором.',
  back: 'Вернуться к вопросам',
};

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  screenMeta(matches, data ? `${copy.title} — ${data.testTitle}` : copy.title);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const testId = readId(params, request);
  await requireUser(request, context);
  const test = await context.rest.testing.byId(testId);
  if (!test.current) {
    // Finished meanwhile (on another device, or by the clock): its result, or the test when none.
    const latest = test.attempts[0];
    throw redirect(latest ? `/lk/testing/${testId}/attempts/${latest.id}` : `/lk/testing/${testId}`);
  }
  const attempt = await context.rest.testing.attempt(test.current.id);
  return {
    testId,
    testTitle: test.title,
    attemptId: attempt.id,
    remainingSeconds: attempt.remainingSeconds,
    nextPosition: attempt.nextPosition,
    questions: attempt.questions.map(({ position, text, answer }) => ({ position, text, answered: answer !== null })),
  };
}

/** «Завершить и отправить»: the one place an attempt is finished (ADR 237); then its result. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  readId(params, request);
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: finishSchema,
    submit: async ({ attemptId }) => {
      // Finishing a finished attempt returns it as it is: a second press, or a second tab, lands on its result,
      // which says how it ended (by the clock, or sent).
      const attempt = await context.rest.testing.finish(attemptId);
      return redirect(`/lk/testing/${attempt.testId}/attempts/${attempt.id}`, 303);
    },
  });
}

/**
 * `/lk/testing/{id}/summary`: the open attempt before it is sent — every question answered or not, each a link
 * back to it, how many are open, and the one button that finishes the attempt.
 */
export default function TestSummaryScreen() {
  const data = useLoaderData<typeof loader>();
  const lastResult = formReply(useActionData<typeof action>());
  const navigate = useNavigate();
  const { testId, attemptId, questions, remainingSeconds } = data;
  const open = questions.filter((question) => !question.answered).length;
  return (
    <article className="test">
      <p>
        <Link to={`/lk/testing/${testId}`}>{copy.backToTest}</Link>
      </p>
      <ScreenIntro title={copy.title} lead={data.testTitle}>
        {remainingSeconds !== null ? (
          <Countdown
            remainingMs={seconds(remainingSeconds)}
            label={copy.timer}
            warning={copy.warning}
            onExpire={() => navigate(`/lk/testing/${testId}/attempts/${attemptId}`, { replace: true })}
          />
        ) : null}
      </ScreenIntro>
      <p className="test-summary__count" data-open={open > 0 || undefined}>
        {open === 0 ? copy.allAnswered(questions.length) : copy.open(open, questions.length)}
      </p>
      <ol className="test-summary">
        {questions.map((question) => (
          <li key={question.position} className="test-summary__item">
            <Link to={`/lk/testing/${testId}/questions/${question.position}`}>
              <span className="test-summary__number">{copy.question(question.position)}.</span>{' '}
              <span className="test-summary__text">{question.text}</span>
            </Link>
            <StatusBadge tone={question.answered ? 'success' : 'warning'}>
              {question.answered ? copy.answered : copy.unanswered}
            </StatusBadge>
          </li>
        ))}
      </ol>
      <p className="field-hint" id="test-submit-rule">
        {copy.rule}
      </p>
      <div className="test-summary__actions">
        <FinishAttemptForm attemptId={attemptId} lastResult={lastResult} />
        <Link className="button button--quiet" to={`/lk/testing/${testId}/questions/${data.nextPosition}`}>
          {copy.back}
        </Link>
      </div>
    </article>
  );
}
