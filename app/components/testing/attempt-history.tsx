import { Link } from '@remix-run/react';
import type { AttemptSummary } from '#contract';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { describeScore } from './test-status';

const copy = {
  title: 'Ваши попытки',
  number: 'Попытка',
  started: 'Начата',
  result: 'Результат',
  details: 'Разбор',
  open: 'В процессе',
  timeOver: ' (время истекло)',
  review: (n: number) => `Разбор попытки ${n}`,
  resume: (n: number) => `Продолжить попытку ${n}`,
};

/** The user's attempts at one test, the latest first, each with a way to its review or back into it. */
export function AttemptHistory({ testId, attempts }: { testId: number; attempts: AttemptSummary[] }) {
  if (attempts.length === 0) return null;
  return (
    <section aria-labelledby="test-attempts" className="test__attempts">
      <h2 id="test-attempts">{copy.title}</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{copy.number}</th>
              <th scope="col">{copy.started}</th>
              <th scope="col">{copy.result}</th>
              <th scope="col">{copy.details}</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id}>
                <th scope="row">{attempt.number}</th>
                <td>
                  <time dateTime={attempt.startedAt}>{formatMoscowDateTime(attempt.startedAt)}</time>
                </td>
                <td>
                  {attempt.status === 'in_progress' ? copy.open : describeScore(attempt)}
                  {attempt.finishReason === 'time_over' ? copy.timeOver : null}
                </td>
                <td>
                  {attempt.status === 'in_progress' ? (
                    <Link to={`/lk/testing/${testId}/questions/${attempt.nextPosition}`}>
                      {copy.resume(attempt.number)}
                    </Link>
                  ) : (
                    <Link to={`/lk/testing/${testId}/attempts/${attempt.id}`}>{copy.review(attempt.number)}</Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
