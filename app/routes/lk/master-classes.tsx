import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useParams } from '@remix-run/react';
import { requireUser } from '#bff/auth/require-user.server';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/meta';
import { requireDigitsId } from '~/route-params';

const copy = {
  title: 'Мастер-классы',
  lead: 'В этом разделе собраны мастер-классы в формате вебинаров.',
  itemTitle: 'Мастер-класс',
  backToList: 'Все мастер-классы',
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireDigitsId(params, request);
  await requireUser(request, context);
  return null;
}

export const meta: MetaFunction = ({ matches, params }) =>
  params.id ? screenMeta(matches, copy.itemTitle) : screenMeta(matches, copy.title, copy.lead);

/** `/lk/master-classes` and `/lk/master-classes/{id}`. */
export default function MasterClassesScreen() {
  const { id } = useParams();
  if (!id) return <ScreenIntro title={copy.title} lead={copy.lead} />;
  return (
    <ScreenIntro title={copy.itemTitle}>
      <Link to="/lk/master-classes">{copy.backToList}</Link>
    </ScreenIntro>
  );
}
