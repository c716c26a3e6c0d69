import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { materialLink } from '~/server/materials.server';
import { MaterialList } from '~/components/materials';
import { audiencesLabel } from '~/components/scenarios';
import { ScreenIntro } from '~/components/screen-intro';
import { formatDuration } from '~/lib/format';
import { formatDate } from '#shared/moscow-time';
import { screenMeta } from '~/lib/meta';
import { readId } from '~/server/route-params';
import { Facts } from '~/components/ui/facts';

const copy = {
  fallbackTitle: 'Сценарий',
  backToList: 'Все сценарии',
  topic: 'Тема',
  format: 'Формат',
  audience: 'Для кого',
  duration: 'Продолжительность',
  published: 'Опубликован',
  author: 'Автор',
  materials: 'Материалы',
  noMaterials: 'К этому сценарию пока нет материалов.',
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  screenMeta(matches, data?.scenario.title ?? copy.fallbackTitle);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = readId(params, request);
  await requireUser(request, context);
  const { materials, ...scenario } = await context.rest.scenarios.byId(id);
  return {
    scenario,
    // The upstream's file paths stay on the server: the page links to the portal's own file route.
    materials: materials.map((material, index) => materialLink(material, `/lk/scenarios/${id}/files/${index + 1}`)),
  };
}

/** `/lk/scenarios/{id}`: the scenario, its images shown and its other files offered for download. */
export default function ScenarioScreen() {
  const { scenario, materials } = useLoaderData<typeof loader>();
  // The list's filters came along from the list: back to the same list, not the whole catalogue.
  const { search } = useLocation();
  const facts: Array<[string, string]> = [
    [copy.topic, scenario.topic.title],
    [copy.format, scenario.format.title],
    [copy.audience, audiencesLabel(scenario.audiences)],
    [copy.duration, formatDuration(scenario.durationMinutes)],
    [copy.published, formatDate(scenario.publishedAt)],
    [copy.author, `${scenario.author}, ${scenario.organization}`],
  ];
  return (
    <>
      <ScreenIntro title={scenario.title}>
        <Link to={`/lk/scenarios${search}`}>{copy.backToList}</Link>
      </ScreenIntro>
      <Facts items={facts} />
      <p>{scenario.description}</p>
      <h2>{copy.materials}</h2>
      {materials.length === 0 ? <p>{copy.noMaterials}</p> : null}
      <MaterialList materials={materials} />
    </>
  );
}
