import type { CallQuery } from '#contract';
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
