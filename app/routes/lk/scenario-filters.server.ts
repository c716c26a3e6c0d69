import { scenarioAudience as scenarioAudienceSchema, scenarioSort as scenarioSortSchema } from '#contract';

const slug = /^[a-z0-9-]{1,40}$/;
const MAX_PAGE = 10_000;

/**
 * The list's filters from the page's URL. A value the contract would refuse (typed by hand, or from an old
 * link) is dropped, so the page shows the unfiltered list instead of an error.
 */
export function readScenarioFilters(params: URLSearchParams) {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const page = Number(params.get('page'));
  return {
    q: text('q')?.slice(0, 200),
    topic: text('topic')?.match(slug)?.[0],
    audience: scenarioAudienceSchema.safeParse(text('audience')).data,
    format: text('format')?.match(slug)?.[0],
    sort: scenarioSortSchema.safeParse(text('sort')).data,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}
