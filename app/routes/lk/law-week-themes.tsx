import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { materialLink } from '~/server/materials.server';
import { MaterialList } from '~/components/materials';
import { ScreenIntro } from '~/components/screen-intro';
import { screenMeta } from '~/lib/meta';
import { quote } from '~/lib/format';

const copy = {
  title: 'Темы недели права',
  lead: 'О чём говорим на Неделе права: темы с описанием и материалами для уроков и классных часов.',
  program: 'Программа недели по дням',
  contents: 'Темы',
  empty: 'Темы Недели права пока не опубликованы. Загляните сюда позже.',
  noMaterials: 'Материалы к этой теме готовятся.',
  materials: (title: string) => `Материалы к теме ${quote(title)}`,
};

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const themes = await context.rest.lawWeek.themes();
  return {
    themes: themes.map(({ materials, ...theme }) => ({
      ...theme,
      materials: materials.map((material) => materialLink(material, `/lk/law-week/materials/${material.id}`)),
    })),
  };
}

/** `/lk/law-week/themes`: the week's themes, a contents list first, each theme with its materials. */
export default function LawWeekThemesScreen() {
  const { themes } = useLoaderData<typeof loader>();
  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead}>
        <Link to="/lk/law-week">{copy.program}</Link>
      </ScreenIntro>
      {themes.length === 0 ? (
        <p>{copy.empty}</p>
      ) : (
        <>
          <nav aria-label={copy.contents}>
            <ol className="law-week-contents">
              {themes.map((theme) => (
                <li key={theme.id}>
                  <a href={`#theme-${theme.id}`}>{theme.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {themes.map((theme) => (
            <section
              key={theme.id}
              id={`theme-${theme.id}`}
              className="law-week-theme"
              aria-labelledby={`theme-${theme.id}-title`}
            >
              <h2 id={`theme-${theme.id}-title`}>{theme.title}</h2>
              <p>{theme.description}</p>
              {theme.materials.length === 0 ? (
                <p>{copy.noMaterials}</p>
              ) : (
                <MaterialList materials={theme.materials} label={copy.materials(theme.title)} />
              )}
            </section>
          ))}
        </>
      )}
    </>
  );
}
