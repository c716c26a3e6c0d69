import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { handleForm } from '#bff/request/forms.server';
import { requireUser } from '#bff/request/require-user.server';
import { pageStatusOf } from '#bff/rest/errors.server';
import { ScreenIntro } from '~/components/screen-intro';
import { formReply, replyMessages } from '~/components/form/form-reply';
import { ButtonForm } from '~/forms/button';
import { AttemptHistory } from '~/components/testing/attempt-history';
import {
  describeAttemptsUsed,
  describeLimits,
  describeReviewRule,
  describeTimeLeft,
  mayStartAgain,
} from '~/components/testing/test-status';
import { screenMeta } from '~/lib/meta';
import { readId } from '~/server/route-params';

const copy = {
  fallbackTitle: 'Тест',
  backToList: 'Все тесты',
  rules: 'Условия',
  timeRule: 'Время считается с начала попытки и не останавливается, если закрыть страницу.',
  answersRule: 'Каждый ответ сохраняется сразу: попытку можно продолжить после перезагрузки или на другом устройстве.',
  start: 'Начать тест',
  again: 'Пройти ещё раз',
  resume: 'Продолжить тест',
  open: (answered: number, count: number) => `Попытка начата: отвечено ${answered} из ${count}.`,
  exhausted: 'Все попытки использованы.',
};

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  screenMeta(matches, data?.test.title ?? copy.fallbackTitle, data?.test.lead);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = readId(params, request);
  await requireUser(request, context);
  // An unknown id is the upstream's 404, which becomes the 404 page.
  return { test: await context.rest.testing.byId(id) };
}

/** «Начать тест» / «Пройти ещё раз»: the upstream starts an attempt (or returns the open one) within its limit. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = readId(params, request);
  return handleForm(request, context, {
    guard: 'signed-in',
    submit: async () => {
      const attempt = await context.rest.testing.start(id);
      return redirect(`/lk/testing/${id}/questions/${attempt.nextPosition}`, 303);
    },
    errorStatus: pageStatusOf,
  });
}

/** `/lk/testing/{id}`: what the test is, its limits, the user's attempts, and the way in. */
export default function TestScreen() {
  const { test } = useLoaderData<typeof loader>();
  const refused = replyMessages(formReply(useActionData<typeof action>())).join(' ');
  const { current } = test;
  return (
    <article className="test">
      <p>
        <Link to="/lk/testing">{copy.backToList}</Link>
      </p>
      <ScreenIntro title={test.title} lead={test.lead}>
        <p className="test-card__theme">{test.theme}</p>
      </ScreenIntro>
      <p>{test.description}</p>
      <section aria-labelledby="test-rules" className="test__rules">
        <h2 id="test-rules">{copy.rules}</h2>
        <p>{describeLimits(test)}</p>
        <ul>
          {test.timeLimitMinutes !== null ? <li>{copy.timeRule}</li> : null}
          <li>{copy.answersRule}</li>
          <li>{describeReviewRule(test.maxAttempts)}</li>
        </ul>
        <p>{describeAttemptsUsed(test)}</p>
      </section>
      <div className="test__start">
        {refused ? (
          <p role="alert" className="test__refused">
            {refused}
          </p>
        ) : null}
        {current ? (
          <>
            <p>
              {copy.open(current.answeredCount, test.questionCount)}
              {current.remainingSeconds !== null ? ` ${describeTimeLeft(current.remainingSeconds)}.` : null}
            </p>
            <Link className="button" to={`/lk/testing/${test.id}/questions/${current.nextPosition}`}>
              {copy.resume}
            </Link>
          </>
        ) : mayStartAgain(test) ? (
          <ButtonForm label={test.attemptsUsed === 0 ? copy.start : copy.again} />
        ) : (
          <p>{copy.exhausted}</p>
        )}
      </div>
      <AttemptHistory testId={test.id} attempts={test.attempts} />
    </article>
  );
}
