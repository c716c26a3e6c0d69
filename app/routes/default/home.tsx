import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { BannerList } from '~/components/home/banner-list';
import { DictationNow } from '~/components/home/dictation-now';
import { ownByEvent } from '~/lib/own-dictation';
import { WeekGlance } from '~/components/home/week-glance';
import { ScreenIntro } from '~/components/screen-intro';
import { Card } from '~/components/ui/card';
import { pickLeadEvent } from '~/lib/dictation-lead';
import { screenMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';
import { describeWeek } from '~/lib/week-program';

const copy = {
  lead: 'Портал для учителей, школьников и родителей: диктант, программа недели, сценарии уроков, мастер-классы и тестирование. Всё, в чём вы участвуете, собрано в личном кабинете.',
  cabinetTitle: 'Личный кабинет',
  cabinetText: 'Ваши диктанты, задания недели, тесты, вопросы авторам и обращения в поддержку.',
  cabinet: 'Перейти в личный кабинет',
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches);

/**
 * Three public reads, side by side: the banners, the dictation's events and this week's programme; for a signed-in
 * visitor also their dictations, so the lead card knows one handed in.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const [banners, events, days, mine] = await Promise.all([
    context.rest.banners.list(),
    context.rest.dictation.events(),
    context.rest.week.days(),
    // A signed-in visitor who has handed the dictation in is told so, not offered to write it.
    context.session.user().then((user) => (user ? context.rest.dictation.mine() : null)),
  ]);
  const dictation = pickLeadEvent(events).lead;
  const own = dictation && mine ? (ownByEvent(mine)[dictation.id] ?? null) : null;
  return { banners, dictation, own, days: describeWeek(days, [], Date.now()) };
}

/** `/` and `/dictation2024`: what the portal is, what is happening now, and the way in. */
export default function HomeScreen() {
  const { product, viewer } = useRootData();
  const { banners, dictation, own, days } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenIntro title={product.title} lead={copy.lead} />
      <div className="home-grid">
        <DictationNow event={dictation} signedIn={!!viewer} own={own} />
        <WeekGlance days={days} />
        {viewer ? (
          <Card id="cabinet-way" title={copy.cabinetTitle}>
            <p>{copy.cabinetText}</p>
            <p>
              <Link to="/lk" className="button">
                {copy.cabinet}
              </Link>
            </p>
          </Card>
        ) : null}
      </div>
      <BannerList banners={banners} />
    </>
  );
}
