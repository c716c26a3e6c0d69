import path from 'node:path';
import { createBundle, FIRST_LOAD_JS_KB, scriptsOf } from './bundle';
import { countUpstreamCalls, type System } from './portal';
import { check, fmt, heading } from './report';

/** The master-class budget of lab/bench/README.md: a light player page, and seeking that costs no upstream read. */
const KB = 1024;
const PAGE = '/lk/master-classes/1';
const SEEKS = 20;

export async function masterClassesBudget(sys: System) {
  heading(`Master classes: the player page's JavaScript (gzip), and ${SEEKS} seeks in a recording`);
  const headers = { Cookie: sys.cookie };
  const html = await (await fetch(sys.portal.origin + PAGE, { headers })).text();
  const bundle = createBundle(path.resolve('build/client'));
  const routeId = 'routes/lk/master-class';
  const firstLoad = bundle.firstLoad(routeId, scriptsOf(html));
  check({
    section: 'master classes',
    name: `first-load JS of ${PAGE}`,
    measured: firstLoad.gzip / KB,
    budget: FIRST_LOAD_JS_KB,
    unit: 'KB',
    kind: 'max',
  });
  const own = bundle.routeChunks().find((r) => r.routeIds.includes(routeId))!;
  check({
    section: 'master classes',
    name: `route chunk of ${PAGE}`,
    measured: own.chunk.gzip / KB,
    budget: 15,
    unit: 'KB',
    kind: 'max',
  });

  // A player seeking asks for ranges; each asks the portal's route, which reads the master class from the cache.
  const size = Number(
    (await fetch(`${sys.portal.origin}${PAGE}/recording`, { method: 'HEAD', headers })).headers.get('Content-Length'),
  );
  const seeks = await countUpstreamCalls(sys.upstream, async () => {
    for (let i = 0; i < SEEKS; i += 1) {
      const start = Math.floor((size * i) / SEEKS);
      const response = await fetch(`${sys.portal.origin}${PAGE}/recording`, {
        headers: { ...headers, Range: `bytes=${start}-` },
      });
      if (response.status !== 206) throw new Error(`a seek answered HTTP ${response.status}`);
      await response.arrayBuffer();
    }
  });
  check({
    section: 'master classes',
    name: `upstream reads of the master class for ${SEEKS} seeks`,
    measured: seeks.calls.webinarById ?? 0,
    budget: 0,
    unit: '',
    kind: 'max',
    note: `the file itself is fetched once a seek (${fmt(size / KB)} KB recording)`,
  });
  return { firstLoadGzip: firstLoad.gzip, routeChunkGzip: own.chunk.gzip, seekCalls: seeks.calls };
}
