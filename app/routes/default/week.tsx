import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { WeekProgram } from '~/components/home/week-program';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';
import { describeWeek } from '~/lib/week-program';

const copy = {
  title: 'Программа недели',
  lead: 'Семь дней — семь заданий для учителей и участников. Каждый день открыт для ссылок на материалы только в свою дату (по московскому времени).',
  signIn: 'Войдите, чтобы отправить ссылку',
  signInLead: 'Ссылки на материалы дня принимаются в личном кабинете.',
  cabinet: 'Отправить ссылку в личном кабинете',
  empty: 'Программа недели пока не опубликована.',
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

const CABINET_WEEK = '/lk/week';

/** `/week`, public: the program for everyone; sending links happens in the cabinet (`/lk/week`). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { days: describeWeek(await context.rest.week.days(), [], Date.now()) };
}

export default function WeekScreen() {
  const { days } = useLoaderData<typeof loader>();
  const { viewer } = useRootData();
  const invitation = viewer ? (
    <p>
      <Link to={CABINET_WEEK}>{copy.cabinet}</Link>
    </p>
  ) : (
    <p>
      {copy.signInLead} <Link to={`/login?redirectTo=${encodeURIComponent(CABINET_WEEK)}`}>{copy.signIn}</Link>
    </p>
  );
  return (
    <section className="week-screen">
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {days.length === 0 ? <p>{copy.empty}</p> : <WeekProgram days={days} renderOpenDay={() => invitation} />}
    </section>
  );
}
