import path from 'node:path';
import { createBundle, FIRST_LOAD_JS_KB, scriptsOf } from './bundle';
import { countUpstreamCalls, type System } from './portal';
import { check, checkYes, heading } from './report';

const KB = 1024;
/** A view no other budget opens, so its first request is sure to miss the read cache. */
const VIEW = '/lk/scenarios?audience=7&format=quest&sort=title';

/**
 * Issue 8's scenarios budgets: a repeated list view within the cache's 5 minutes costs no upstream call, the list
 * page of the thousand scenarios stays a light document, and both scenarios pages load little JavaScript.
 */
export async function scenariosBudgets(sys: System) {
  heading('6. Scenarios (a thousand items; the shared read cache; first-load JavaScript of both screens)');
  const open = async (target: string) =>
    (await fetch(sys.portal.origin + target, { headers: { Cookie: sys.cookie } })).text();

  const first = await countUpstreamCalls(sys.upstream, () => open(VIEW));
  const second = await countUpstreamCalls(sys.upstream, () => open(VIEW));
  const listCalls = (calls: Record<string, number>) => calls.scenariosList ?? 0;
  checkYes('scenarios', 'the first view asks the upstream for the list', listCalls(first.calls) === 1);
  check({
    section: 'scenarios',
    name: 'upstream list calls of the same view again within 5 minutes',
    measured: listCalls(second.calls),
    budget: 0,
    unit: 'calls',
    kind: 'max',
  });

  const list = await open('/lk/scenarios');
  const total = /Найдено: (?:<!-- -->)?([\d\s\u00a0]+)/.exec(list)?.[1]?.replace(/\D/g, '');
  check({
    section: 'scenarios',
    name: `HTML of /lk/scenarios (${total ?? '?'} scenarios, first page)`,
    measured: Buffer.byteLength(list) / KB,
    budget: 80,
    unit: 'KB',
    kind: 'max',
  });

  const bundle = createBundle(path.resolve('build/client'));
  const item = await open('/lk/scenarios/1');
  for (const [routeId, html] of [
    ['routes/lk/scenarios', list],
    ['routes/lk/scenario', item],
  ] as const) {
    check({
      section: 'js size',
      name: `first-load JS of ${routeId}`,
      measured: bundle.firstLoad(routeId, scriptsOf(html)).gzip / KB,
      budget: FIRST_LOAD_JS_KB,
      unit: 'KB',
      kind: 'max',
    });
  }
  return { scenarios: { firstView: first.calls, secondView: second.calls, listBytes: Buffer.byteLength(list) } };
}
