import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { ScreenIntro } from '~/components/screen-intro';
import { describeAttemptsUsed, describeLimits, describeStatus } from '~/components/testing/test-status';
import { StatusBadge, type Tone } from '~/components/ui/status-badge';
import { screenMeta } from '~/lib/meta';

const copy = {
  title: 'Тестирование',
  lead: 'Тесты по праву, финансовой грамотности, Конституции, выборам и русскому языку. Ответы сохраняются сразу: тест можно продолжить позже или на другом устройстве.',
  empty: 'Тестов пока нет. Новые появятся здесь.',
  status: 'Статус:',
};

const TONES = { new: 'neutral', open: 'info', passed: 'success', failed: 'danger' } satisfies Record<
  ReturnType<typeof describeStatus>['tone'],
  Tone
>;

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { tests: await context.rest.testing.list() };
}

/** `/lk/testing`: every test with the user's state in it. */
export default function TestingScreen() {
  const { tests } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {tests.length === 0 ? (
        <p>{copy.empty}</p>
      ) : (
        <ul className="test-list">
          {tests.map((test) => {
            const status = describeStatus(test);
            return (
              <li key={test.id} className="test-card">
                <p className="test-card__theme">{test.theme}</p>
                <h2 className="test-card__title">
                  <Link to={`/lk/testing/${test.id}`}>{test.title}</Link>
                </h2>
                <p>{test.lead}</p>
                <p className="test-card__limits">{describeLimits(test)}</p>
                <p>
                  <span className="visually-hidden">{copy.status} </span>
                  <StatusBadge tone={TONES[status.tone]}>{status.text}</StatusBadge>
                </p>
                {test.attemptsUsed > 0 ? <p className="test-card__attempts">{describeAttemptsUsed(test)}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
