import {
  scenarioAudience as scenarioAudienceSchema,
  scenarioSort as scenarioSortSchema,
  type CallQuery,
} from '#contract';
import type { Call } from './session-client.server';

export type ScenarioListQuery = CallQuery<'scenariosList'>;

/** Only the filters that are set: an empty field is no filter, and the cache key stays the same either way. */
function compact(query: ScenarioListQuery): ScenarioListQuery {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as ScenarioListQuery;
}

/** Scenarios calls: the same answer for everyone, so shared in the read cache (keyed without any token). */
export function scenariosCalls(call: Call) {
  return {
    list: (query: ScenarioListQuery) => call('scenariosList', { query: compact(query) }, { cache: 'shared' }),
    byId: (id: number) => call('scenarioById', { query: { id } }, { cache: 'shared' }),
  };
}

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
