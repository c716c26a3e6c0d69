import path from 'node:path';
import { readForms } from '../../tests/integration/harness';
import { createBundle, FIRST_LOAD_JS_KB, scriptsOf } from './bundle';
import { countUpstreamCalls, type System } from './portal';
import { check, heading } from './report';

/**
 * The testing budget of lab/bench/README.md: a light question page, and one answer that costs one upstream write and
 * the two reads of the next question's page (the test for its open attempt, then the attempt).
 */
const KB = 1024;
/** The demo teacher's half-taken test «Выборы в России» (seeded), at its first unanswered question. */
const PAGE = '/lk/testing/5/questions/7';

export async function testingBudget(sys: System) {
  heading('Testing: the question page’s JavaScript (gzip), and the upstream calls of one answer');
  const headers = { Cookie: sys.cookie };
  const html = await (await fetch(sys.portal.origin + PAGE, { headers })).text();
  const bundle = createBundle(path.resolve('build/client'));
  const routeId = 'routes/lk/test-question';
  const firstLoad = bundle.firstLoad(routeId, scriptsOf(html));
  check({
    section: 'testing',
    name: `first-load JS of ${PAGE}`,
    measured: firstLoad.gzip / KB,
    budget: FIRST_LOAD_JS_KB,
    unit: 'KB',
    kind: 'max',
  });

  const form = readForms(html).find((candidate) => candidate.action === PAGE);
  if (!form) throw new Error(`no question form on ${PAGE}`);
  // The attempt shuffles its questions: a short answer, or the first option, as a participant would give it;
  // «Ответить и далее».
  const option = /name="optionIds"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="optionIds"/.exec(html);
  const given: Record<string, string> =
    form.fields.kind === 'text' ? { text: 'не знаю' } : { optionIds: option?.[1] ?? option?.[2] ?? '' };
  const body = new URLSearchParams({ ...form.fields, ...given, intent: 'answer-8' });
  const answer = await countUpstreamCalls(sys.upstream, async () => {
    const posted = await fetch(sys.portal.origin + PAGE, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body,
      redirect: 'manual',
    });
    if (posted.status !== 303) throw new Error(`the answer was not saved: HTTP ${posted.status}`);
    const next = await fetch(sys.portal.origin + posted.headers.get('Location'), { headers });
    if (next.status !== 200) throw new Error(`the next question answered HTTP ${next.status}`);
    await next.text();
  });
  const { putAnswer = 0, testById = 0, attemptById = 0 } = answer.calls;
  check({
    section: 'testing',
    name: 'upstream calls of one answer and the next question',
    measured: putAnswer + testById + attemptById,
    budget: 3,
    unit: '',
    kind: 'max',
    note: `putAnswer×${putAnswer}, testById×${testById}, attemptById×${attemptById}; all calls: ${JSON.stringify(answer.calls)}`,
  });
  return { testing: { firstLoadGzip: firstLoad.gzip, answerCalls: answer.calls } };
}
