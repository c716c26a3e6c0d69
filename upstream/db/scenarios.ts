import type { CallQuery, Scenario, ScenarioList, ScenarioSummary } from '#contract';
import type { Db } from './open';
import { searchStems } from './stems';

export type ScenarioFilters = Omit<CallQuery<'scenariosList'>, 'page' | 'perPage'> & { page: number; perPage: number };

/** Grades in school order, then parents and teachers: the order of the audience filter and of each scenario's. */
const AUDIENCE_ORDER = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', 'parents', 'teachers'];
const AUDIENCE_LABELS: Record<string, string> = { parents: 'Родители', teachers: 'Педагоги' };
const audienceLabel = (value: string) => AUDIENCE_LABELS[value] ?? `${value} класс`;

const ORDER_BY = {
  relevance: 'hits.rank, s.published_at DESC, s.id DESC',
  new: 's.published_at DESC, s.id DESC',
  old: 's.published_at ASC, s.id ASC',
  title: 's.title, s.id',
  short: 's.duration_minutes, s.published_at DESC, s.id DESC',
} as const;

/**
 * The search text as an FTS5 query: every word brought to its Russian stem, as the index stores the
 * scenarios' words, and matched as a prefix, AND-ed: «финансы» finds «Финансовая грамотность», «конституция» and
 * «Конституции» find the same, «конст» half typed finds them too. Stems are letters and digits only, so quoting them
 * is safe.
 */
export function toSearchQuery(text: string | undefined): string | null {
  const stems = searchStems(text);
  return stems.length > 0 ? stems.map((stem) => `"${stem}"*`).join(' ') : null;
}

type Dimension = 'topic' | 'audience' | 'format';

/** The WHERE clause for every filter but `except`, so each facet counts what choosing its value would show. */
function conditions(filters: ScenarioFilters, except?: Dimension) {
  const where: string[] = [];
  const params: Record<string, string> = {};
  if (filters.topic && except !== 'topic') {
    where.push('s.topic = @topic');
    params.topic = filters.topic;
  }
  if (filters.format && except !== 'format') {
    where.push('s.format = @format');
    params.format = filters.format;
  }
  if (filters.audience && except !== 'audience') {
    where.push('EXISTS (SELECT 1 FROM scenario_audiences a WHERE a.audience = @audience AND a.scenario_id = s.id)');
    params.audience = filters.audience;
  }
  return { sql: where.length > 0 ? where.join(' AND ') : '1', params };
}

export function listScenarios(db: Db, filters: ScenarioFilters): ScenarioList {
  const match = toSearchQuery(filters.q);
  const hits = match
    ? 'WITH hits AS (SELECT rowid AS id, rank FROM scenarios_search WHERE scenarios_search MATCH @match)'
    : 'WITH hits AS (SELECT NULL AS id, 0 AS rank WHERE 0)';
  const from = match ? 'scenarios s JOIN hits ON hits.id = s.id' : 'scenarios s';
  const search = match ? { match } : {};
  const sort = filters.sort === 'relevance' && !match ? 'new' : (filters.sort ?? (match ? 'relevance' : 'new'));

  const all = conditions(filters);
  const total = db.value(`${hits} SELECT count(*) FROM ${from} WHERE ${all.sql}`, {
    ...search,
    ...all.params,
  }) as number;
  const rows = db.column(
    `${hits} SELECT s.id FROM ${from} WHERE ${all.sql} ORDER BY ${ORDER_BY[sort]} LIMIT @limit OFFSET @offset`,
    { ...search, ...all.params, limit: filters.perPage, offset: (filters.page - 1) * filters.perPage },
  );

  const facet = (dimension: Dimension, select: string) => {
    const other = conditions(filters, dimension);
    return db.prepare(`${hits} ${select.replace('@where', other.sql)}`).all({ ...search, ...other.params }) as Array<{
      value: string;
      label: string;
      count: number;
    }>;
  };
  const named = (table: string, column: string) =>
    `SELECT t.slug AS value, t.title AS label, count(s.id) AS count FROM ${table} t
       LEFT JOIN (SELECT s.id, s.${column} FROM ${from} WHERE @where) s ON s.${column} = t.slug
     GROUP BY t.slug ORDER BY t.position`;
  const audiences = facet(
    'audience',
    `SELECT a.audience AS value, count(*) AS count FROM scenario_audiences a
       JOIN (SELECT s.id FROM ${from} WHERE @where) s ON s.id = a.scenario_id GROUP BY a.audience`,
  );
  const audienceCounts = new Map(audiences.map((a) => [a.value, a.count]));

  return {
    items: summaries(db, rows as number[]),
    total,
    page: filters.page,
    perPage: filters.perPage,
    facets: {
      topics: facet('topic', named('scenario_topics', 'topic')),
      audiences: AUDIENCE_ORDER.map((value) => ({
        value,
        label: audienceLabel(value),
        count: audienceCounts.get(value) ?? 0,
      })),
      formats: facet('format', named('scenario_formats', 'format')),
    },
  };
}

interface SummaryRow {
  id: number;
  title: string;
  topic: string;
  topic_title: string;
  format: string;
  format_title: string;
  audiences: string;
  author: string;
  organization: string;
  description: string;
  duration_minutes: number;
  published_at: number;
  materials_count: number;
}

const SUMMARY_SELECT = `SELECT s.*, t.title AS topic_title, f.title AS format_title,
    (SELECT group_concat(audience) FROM scenario_audiences WHERE scenario_id = s.id) AS audiences,
    (SELECT count(*) FROM scenario_materials WHERE scenario_id = s.id) AS materials_count
  FROM scenarios s JOIN scenario_topics t ON t.slug = s.topic JOIN scenario_formats f ON f.slug = s.format`;

function toSummary(row: SummaryRow): ScenarioSummary {
  return {
    id: row.id,
    title: row.title,
    topic: { slug: row.topic, title: row.topic_title },
    format: { slug: row.format, title: row.format_title },
    audiences: (row.audiences ?? '')
      .split(',')
      .filter(Boolean)
      .sort((a, b) => AUDIENCE_ORDER.indexOf(a) - AUDIENCE_ORDER.indexOf(b)),
    author: row.author,
    publishedAt: new Date(row.published_at).toISOString(),
    durationMinutes: row.duration_minutes,
    materialsCount: row.materials_count,
  };
}

/** The rows for the given ids, in the order of the ids. */
function summaries(db: Db, ids: number[]): ScenarioSummary[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(`${SUMMARY_SELECT} WHERE s.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids)) as SummaryRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => toSummary(byId.get(id)!));
}

export function findScenario(db: Db, id: number): Scenario | undefined {
  const row = db.prepare(`${SUMMARY_SELECT} WHERE s.id = ?`).get(id) as SummaryRow | undefined;
  if (!row) return undefined;
  const materials = db
    .prepare('SELECT path, name, size, type FROM scenario_materials WHERE scenario_id = ? ORDER BY position')
    .all(id) as Scenario['materials'];
  return { ...toSummary(row), description: row.description, organization: row.organization, materials };
}
