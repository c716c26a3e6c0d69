import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { isUpstreamError } from '#bff/rest/errors.server';
import { pageNotFound } from '#bff/not-found.server';
import { Countdown } from '~/components/countdown';
import { ScreenIntro } from '~/components/screen-intro';
import { deferredForm } from '~/components/form/deferred-form';
import { formReply } from '~/components/form/form-reply';
import { screenMeta } from '~/lib/meta';
import { seconds } from '#shared/time';
import { requireTestingPath } from './test-params';
import { answerSchema } from '~/forms/test-question.schema';

/** The form and conform load in a chunk of their own, after the page. */
const QuestionForm = deferredForm(() => import('~/forms/test-question').then((m) => m.QuestionForm));

const copy = {
  title: (n: number, count: number) => `Вопрос ${n} из ${count}`,
  backToTest: 'К описанию теста',
  timer: 'До конца теста осталось',
  warning: 'Скоро время закончится. Ответьте на оставшиеся вопросы и отправьте тест.',
};

/**
 * Codes with which the upstream refuses an answer because the attempt is over, and the `reason` its result page
 * explains: the time ran out, or the attempt was finished meanwhile (in another tab or on another device).
 */
const CLOSED: Record<string, string> = { time_over: 'time-over', attempt_finished: 'finished' };

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  screenMeta(matches, data ? `${copy.title(data.question.position, data.count)} — ${data.testTitle}` : 'Тест');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { testId, value: position } = requireTestingPath(params, request, 'n');
  await requireUser(request, context);
  const test = await context.rest.testing.byId(testId);
  if (!test.current) {
    // Finished meanwhile (here, on another device, or by the clock): its result, or the test when none.
    const latest = test.attempts[0];
    throw redirect(latest ? `/lk/testing/${testId}/attempts/${latest.id}` : `/lk/testing/${testId}`);
  }
  const attempt = await context.rest.testing.attempt(test.current.id);
  const question = attempt.questions.find((candidate) => candidate.position === position);
  if (!question) throw pageNotFound(new URL(request.url).pathname);
  return {
    testId,
    testTitle: test.title,
    count: attempt.questions.length,
    attemptId: attempt.id,
    remainingSeconds: attempt.remainingSeconds,
    question,
    answered: attempt.questions.map((candidate) => candidate.answer !== null),
  };
}

/**
 * Every button of the question's form posts here: the answer is saved on the upstream when one is
 * given, then the browser goes where the button said — another question, or, for «Завершить тест», the attempt's
 * summary: nothing here finishes the attempt (ADR 237). An attempt the upstream has closed (the time ran out)
 * leads to its result, which says the answer came too late.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { testId } = requireTestingPath(params, request, 'n');
  return handleForm(request, context, {
    guard: 'signed-in',
    schema: answerSchema,
    submit: async ({ attemptId, questionId, kind, intent, optionIds, text }) => {
      const result = `/lk/testing/${testId}/attempts/${attemptId}`;
      const given = kind === 'text' ? text !== '' : optionIds.length > 0;
      try {
        if (given) {
          await context.rest.testing.answer(
            kind === 'text' ? { attemptId, questionId, text } : { attemptId, questionId, optionIds },
          );
        }
      } catch (error) {
        const closed = isUpstreamError(error) && error.errors.map(({ code }) => CLOSED[code]).find(Boolean);
        if (closed) return redirect(`${result}?reason=${closed}`, 303);
        throw error;
      }
      if (intent === 'finish') return redirect(`/lk/testing/${testId}/summary`, 303);
      return redirect(`/lk/testing/${testId}/questions/${intent.replace(/^\w+-/, '')}`, 303);
    },
  });
}

/** `/lk/testing/{id}/questions/{n}`: one question of the open attempt, with the time left and every question. */
export default function TestQuestionScreen() {
  const data = useLoaderData<typeof loader>();
  const lastResult = formReply(useActionData<typeof action>());
  const navigate = useNavigate();
  const { testId, attemptId, question, count, remainingSeconds } = data;
  return (
    <article className="test">
      <p>
        <Link to={`/lk/testing/${testId}`}>{copy.backToTest}</Link>
      </p>
      <ScreenIntro title={data.testTitle} lead={copy.title(question.position, count)}>
        {remainingSeconds !== null ? (
          <Countdown
            remainingMs={seconds(remainingSeconds)}
            label={copy.timer}
            warning={copy.warning}
            onExpire={() => navigate(`/lk/testing/${testId}/attempts/${attemptId}`, { replace: true })}
          />
        ) : null}
      </ScreenIntro>
      <QuestionForm
        key={question.id}
        attemptId={attemptId}
        question={question}
        answered={data.answered}
        lastResult={lastResult}
      />
    </article>
  );
}
