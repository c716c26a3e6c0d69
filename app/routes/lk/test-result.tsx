import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { pageNotFound } from '#bff/not-found.server';
import { ScreenIntro } from '~/components/screen-intro';
import { AnswerReview } from '~/components/testing/answer-review';
import { ButtonForm } from '~/forms/button';
import { describeReview, mayStartAgain } from '~/components/testing/test-status';
import { pointsShort } from '~/lib/certificate-progress';
import { formatFileSize } from '~/lib/format';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { plural } from '#shared/plural';
import { screenMeta } from '~/lib/meta';
import { requireTestingPath } from './test-params';

const copy = {
  title: (test: string) => `Результат: ${test}`,
  fallbackTitle: 'Результат теста',
  lead: (n: number, at: string) => `Попытка ${n}, завершена ${at}.`,
  lateAnswer: 'Время на тест истекло: последний ответ не принят, попытка завершена.',
  finishedElsewhere:
    'Эта попытка уже завершена (в другой вкладке или на другом устройстве): последний ответ не сохранён.',
  timeOver: 'Попытка завершена по истечении времени: засчитаны ответы, данные до конца отведённого времени.',
  passed: 'Тест пройден',
  failed: 'Тест не пройден',
  score: (points: number, max: number, percent: number, bar: number) =>
    `${points} из ${max} правильных ответов (${percent} %). Для зачёта нужно не меньше ${bar} %.`,
  certificateEarned: 'Сертификат о прохождении теста получен',
  certificateDownload: (size: number) => `Скачать сертификат (PDF, ${formatFileSize(size)})`,
  certificateShort: (short: string) => `Сертификат выдаётся за пройденный тест: до зачёта не хватило ${short}.`,
  rightAnswers: { one: 'правильного ответа', few: 'правильных ответов', many: 'правильных ответов' },
  review: 'Разбор ответов',
  again: 'Пройти ещё раз',
  resume: 'Продолжить тест',
  backToTest: 'К описанию теста',
  backToList: 'Все тесты',
};

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  screenMeta(matches, data ? copy.title(data.attempt.testTitle) : copy.fallbackTitle);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { testId, value: attemptId } = requireTestingPath(params, request, 'attempt');
  await requireUser(request, context);
  // Another user's attempt is unknown to the upstream: its 404 becomes the 404 page.
  // The test too, for the way on: its attempts limit and an attempt open elsewhere.
  const [attempt, test] = await Promise.all([
    context.rest.testing.attempt(attemptId),
    context.rest.testing.byId(testId),
  ]);
  if (attempt.testId !== testId) throw pageNotFound(new URL(request.url).pathname);
  // Still open (the page's clock ran ahead of the upstream's): back to where the participant was.
  if (attempt.status !== 'finished') throw redirect(`/lk/testing/${testId}/questions/${attempt.nextPosition}`);
  const next = test.current ? { resume: test.current.nextPosition } : mayStartAgain(test) ? ('again' as const) : null;
  // The certificate's file stays on the server: the page links the portal's route.
  return { attempt, next, certificateSize: test.certificate?.file.size ?? null };
}

/**
 * `/lk/testing/{id}/attempts/{attempt}`: the score and, for each question, the answer given and whether it was
 * right; the right one and why once the user has no attempt left. While attempts remain, «Пройти ещё раз» starts
 * the next one the way the test's page does (its form posts there); with none left, nothing is offered: the review
 * note already says all attempts are used. A test passed offers its certificate; a failed attempt says how
 * many right answers it lacked for one.
 */
export default function TestResultScreen() {
  const { attempt, next, certificateSize } = useLoaderData<typeof loader>();
  const reviewNote = describeReview(attempt);
  const [search] = useSearchParams();
  const score = attempt.score!;
  const reason = search.get('reason');
  const refusal = reason === 'time-over' ? copy.lateAnswer : reason === 'finished' ? copy.finishedElsewhere : null;
  return (
    <article className="test">
      <p>
        <Link to={`/lk/testing/${attempt.testId}`}>{copy.backToTest}</Link>
      </p>
      <ScreenIntro
        title={copy.title(attempt.testTitle)}
        lead={copy.lead(attempt.number, formatMoscowDateTime(attempt.finishedAt!))}
      >
        {refusal ? (
          <p role="alert" className="test__refused">
            {refusal}
          </p>
        ) : attempt.finishReason === 'time_over' ? (
          <p>{copy.timeOver}</p>
        ) : null}
      </ScreenIntro>
      <section className="test-result" data-tone={score.passed ? 'passed' : 'failed'} aria-labelledby="test-score">
        <h2 id="test-score">{score.passed ? copy.passed : copy.failed}</h2>
        <p>{copy.score(score.points, score.maxPoints, score.percent, attempt.passPercent)}</p>
        {certificateSize !== null ? (
          <p className="test-result__certificate">
            <strong>{copy.certificateEarned}</strong>{' '}
            <a href={`/lk/testing/${attempt.testId}/certificate.pdf`} download>
              {copy.certificateDownload(certificateSize)}
            </a>
          </p>
        ) : score.passed ? null : (
          <p className="test-result__certificate">
            {copy.certificateShort(plural(pointsShort(score, attempt.passPercent), copy.rightAnswers))}
          </p>
        )}
      </section>
      {next === 'again' ? (
        <ButtonForm label={copy.again} action={`/lk/testing/${attempt.testId}`} className="test__start" />
      ) : next ? (
        <p className="test__start">
          <Link className="button" to={`/lk/testing/${attempt.testId}/questions/${next.resume}`}>
            {copy.resume}
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="test-review">
        <h2 id="test-review">{copy.review}</h2>
        {reviewNote ? <p className="test-review__note">{reviewNote}</p> : null}
        <ol className="test-review">
          {attempt.questions.map((question) => (
            <AnswerReview key={question.id} question={question} />
          ))}
        </ol>
      </section>
      <p className="test__links">
        <Link to={`/lk/testing/${attempt.testId}`}>{copy.backToTest}</Link>
        <Link to="/lk/testing">{copy.backToList}</Link>
      </p>
    </article>
  );
}
