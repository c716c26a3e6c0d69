import { z } from 'zod';
import { call, fileRef, noBody } from './define';

/**
 * Scenarios of the provider's API: a searchable, filterable list and one scenario by id. Neither answer depends
 * on the user, so the token is sent only when present (ADR 234).
 */

const slug = z.string().regex(/^[a-z0-9-]{1,40}$/);

/** Who a scenario is for: a school grade (1–11), or parents, or teachers. */
export const scenarioAudience = z.string().regex(/^(?:[1-9]|1[01]|parents|teachers)$/);

export const SCENARIO_SORTS = ['relevance', 'new', 'old', 'title', 'short'] as const;
export const scenarioSort = z.enum(SCENARIO_SORTS);

export const SCENARIOS_PER_PAGE = 20;

const named = z.object({ slug, title: z.string() });

export const scenarioSummary = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  topic: named,
  format: named,
  /** Sorted: grades in ascending order, then `parents`, then `teachers`. */
  audiences: z.array(scenarioAudience),
  author: z.string(),
  /** ISO 8601, UTC. */
  publishedAt: z.string().datetime(),
  durationMinutes: z.number().int().positive(),
  materialsCount: z.number().int().nonnegative(),
});
export type ScenarioSummary = z.infer<typeof scenarioSummary>;

/** One value of a filter with the number of scenarios it would show, given the other filters and the search. */
const facetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int().nonnegative() });

export const scenarioList = z.object({
  items: z.array(scenarioSummary),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  facets: z.object({
    topics: z.array(facetValue),
    audiences: z.array(facetValue),
    formats: z.array(facetValue),
  }),
});
export type ScenarioList = z.infer<typeof scenarioList>;

export const scenario = scenarioSummary.extend({
  description: z.string(),
  /** The author's school or organisation. */
  organization: z.string(),
  materials: z.array(fileRef),
});
export type Scenario = z.infer<typeof scenario>;

export const scenariosCalls = {
  scenariosList: call({
    method: 'GET',
    path: '/rest/scenarios/list/',
    query: z.object({
      q: z.string().trim().max(200).optional(),
      topic: slug.optional(),
      audience: scenarioAudience.optional(),
      format: slug.optional(),
      /** Default: `relevance` with a search, `new` without one. */
      sort: scenarioSort.optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      perPage: z.coerce.number().int().min(1).max(50).default(SCENARIOS_PER_PAGE),
    }),
    body: noBody,
    result: scenarioList,
    auth: 'optional',
    shared: true,
  }),
  scenarioById: call({
    method: 'GET',
    path: '/rest/scenarios/by/id/',
    query: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    body: noBody,
    result: scenario,
    auth: 'optional',
    shared: true,
  }),
} as const;
