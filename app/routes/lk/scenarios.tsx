import { useEffect, useRef, type ReactNode } from 'react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '#bff/request/require-user.server';
import { readScenarioFilters } from './scenario-filters.server';
import { ScreenIntro } from '~/components/screen-intro';
import { formatDuration } from '~/lib/format';
import { formatDate } from '#shared/moscow-time';
import { ResultsCount } from '~/components/results-count';
import { screenMeta } from '~/lib/meta';
import { audiencesLabel, withQuery } from '~/components/scenarios';
import { EmptyState } from '~/components/ui/empty-state';
import { Pagination } from '~/components/ui/pagination';

const copy = {
  title: 'Сценарии',
  lead: 'Готовые сценарии занятий с материалами: найдите подходящий по теме, классу и формату.',
  search: 'Поиск по названию, описанию и автору',
  topic: 'Тема',
  audience: 'Класс или аудитория',
  format: 'Формат',
  sort: 'Сортировка',
  any: 'Все',
  submit: 'Показать',
  reset: 'Сбросить',
  found: { one: 'сценарий', few: 'сценария', many: 'сценариев' },
  empty: 'Ничего не нашлось. Измените запрос или сбросьте фильтры.',
  pageEmpty: 'На этой странице ничего нет.',
  firstPage: 'К первой странице',
  toFilters: 'К фильтрам',
  sorts: {
    relevance: 'По релевантности',
    new: 'Сначала новые',
    old: 'Сначала старые',
    title: 'По названию',
    short: 'Сначала короткие',
  },
};

/** Where the filters' form and the pages lead: the count above the list. */
const RESULTS = '/lk/scenarios#results';

export const meta: MetaFunction = ({ matches }) => screenMeta(matches, copy.title, copy.lead);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const filters = readScenarioFilters(new URL(request.url).searchParams);
  const list = await context.rest.scenarios.list(filters);
  return { filters, list };
}

/** `/lk/scenarios`: search, filters, sort and page all live in the URL, so a link reproduces the view. */
export default function ScenariosScreen() {
  const { filters, list } = useLoaderData<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  const sort = filters.sort ?? (filters.q ? 'relevance' : 'new');
  // Back, forward or «Сбросить» change the view without this form: its fields follow the URL. The fields stay
  // the same elements, so the control the user changed keeps focus (docs/decisions/222-accessibility-mechanisms.md).
  // Not on hydration: the server rendered these filters, and what the user chose since is theirs to submit.
  const shown = useRef(filters);
  useEffect(() => {
    if (shown.current === filters) return;
    shown.current = filters;
    const fields = { q: filters.q, topic: filters.topic, audience: filters.audience, format: filters.format, sort };
    for (const [name, value] of Object.entries(fields)) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value ?? '';
    }
  }, [filters, sort]);
  const pages = Math.max(1, Math.ceil(list.total / list.perPage));
  const sorts = (Object.keys(copy.sorts) as Array<keyof typeof copy.sorts>).filter(
    (s) => s !== 'relevance' || filters.q,
  );
  const options = (facet: Array<{ value: string; label: string; count: number }>) =>
    facet.map((f) => (
      <option key={f.value} value={f.value}>
        {f.label} ({f.count})
      </option>
    ));

  return (
    <>
      <ScreenIntro title={copy.title} lead={copy.lead} />
      {/*
        «Показать» and the pages lead to the results (#results), with or without JavaScript: on a phone the filters
        fill the first screen, and the count and the list are what was asked for.
      */}
      <Form method="get" action={RESULTS} className="scenario-filters" id="filters" ref={form}>
        <div className="field scenario-filters__search">
          <label htmlFor="scenarios-q">{copy.search}</label>
          <input id="scenarios-q" type="search" name="q" defaultValue={filters.q ?? ''} maxLength={200} />
        </div>
        <Select id="topic" label={copy.topic} value={filters.topic}>
          {options(list.facets.topics)}
        </Select>
        <Select id="audience" label={copy.audience} value={filters.audience}>
          {options(list.facets.audiences)}
        </Select>
        <Select id="format" label={copy.format} value={filters.format}>
          {options(list.facets.formats)}
        </Select>
        <Select id="sort" label={copy.sort} value={sort} noAny>
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {copy.sorts[sort]}
            </option>
          ))}
        </Select>
        <div className="scenario-filters__actions">
          <button type="submit" className="button">
            {copy.submit}
          </button>
          <Link to="/lk/scenarios">{copy.reset}</Link>
        </div>
      </Form>

      <ResultsCount id="results" count={list.total} noun={copy.found} />
      {list.total === 0 ? (
        <EmptyState action={<Link to="/lk/scenarios">{copy.reset}</Link>}>{copy.empty}</EmptyState>
      ) : null}
      {list.total > 0 && list.items.length === 0 ? (
        <p>
          {copy.pageEmpty} <Link to={withQuery(filters, { page: undefined })}>{copy.firstPage}</Link>
        </p>
      ) : null}
      <ol className="scenario-list">
        {list.items.map((item) => (
          <li key={item.id} className="scenario-card">
            <h2>
              {/* The list's filters ride along, so «Все сценарии» on the scenario returns to this very list. */}
              <Link to={withQuery(filters, {}).replace('/lk/scenarios', `/lk/scenarios/${item.id}`)}>{item.title}</Link>
            </h2>
            <p className="scenario-card__meta">
              {item.topic.title} · {audiencesLabel(item.audiences)} · {formatDuration(item.durationMinutes)}
            </p>
            <p className="scenario-card__meta">
              {item.author}, {formatDate(item.publishedAt)}
            </p>
          </li>
        ))}
      </ol>
      <Pagination page={list.page} pages={pages} hrefOf={(page) => `${withQuery(filters, { page })}#results`} />
      {/* A long list on a phone: the filters stay one tap away from its end. */}
      {list.items.length > 0 ? (
        <p className="to-filters">
          <a href="#filters">{copy.toFilters}</a>
        </p>
      ) : null}
    </>
  );
}

function Select(props: { id: string; label: string; value?: string; noAny?: boolean; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`scenarios-${props.id}`}>{props.label}</label>
      <select id={`scenarios-${props.id}`} name={props.id} defaultValue={props.value ?? ''}>
        {props.noAny ? null : <option value="">{copy.any}</option>}
        {props.children}
      </select>
    </div>
  );
}
