import { setTimeout as sleep } from 'node:timers/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictationWriter, invite } from '../../bench/writer';
import { ALERT_RULES, startPrometheus, type PrometheusService } from '../../services/prometheus';
import { useCluster } from './cluster';
import { Client, DEMO_USERS } from '../../../tests/integration/harness';

/**
 * Issue 26, part 3 (ADR 218): a real Prometheus (Debian's) scrapes the cluster's instances and haproxy every
 * second, and the questions of docs/operations.md have answers: the request rate per instance, the p95 latency,
 * the upstream's error ratio. The alert rules are valid (promtool) and loaded. The metrics are never on the
 * balancer's address, and no label carries a path or a user.
 */

const parts = useCluster();
let prometheus: PrometheusService;

beforeAll(async () => {
  prometheus = await startPrometheus(
    {
      portal: parts.cluster.instances.map((instance) => `127.0.0.1:${instance.metricsPort}`),
      haproxy: [`127.0.0.1:${parts.cluster.haproxy.statsPort}`],
    },
    { intervalSeconds: 1 },
  );
});
afterAll(async () => {
  await prometheus?.stop();
});

describe('the cluster seen by Prometheus', () => {
  it('checks the alert rules with promtool', () => {
    expect(execFileSync('promtool', ['check', 'rules', ALERT_RULES], { encoding: 'utf8' })).toContain('SUCCESS');
  });

  it('fires the Redis and Sentinel rules on the series a failover leaves (promtool test rules)', () => {
    const tests = path.join(path.dirname(ALERT_RULES), 'alerts.test.yml');
    expect(execFileSync('promtool', ['test', 'rules', tests], { encoding: 'utf8' })).toContain('SUCCESS');
  });

  it('serves no metrics on the balancer’s address, and every instance’s on its own', async () => {
    const response = await fetch(`${parts.cluster.origin}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('portal_http_request_duration_seconds');
    for (const instance of parts.cluster.instances) {
      const own = await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('# TYPE portal_http_request_duration_seconds histogram');
    }
  });

  it('answers the day’s questions: rate per instance, p95, upstream error ratio', async () => {
    await expect
      .poll(async () => (await prometheus.query('up == 1')).length, { timeout: 20_000, interval: 500 })
      .toBe(parts.cluster.instances.length + 1);

    // Traffic for a few scrapes: signed-in pages and their data, anonymous pages, dictation saves, a 404, and
    // a failing upstream read.
    const browser = new Client(parts.cluster.origin);
    await browser.login(DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
    const writers = (await invite(parts.upstream.url, 3)).map((code) => dictationWriter(parts.cluster.origin, code));
    for (const writer of writers) await writer.start();
    await parts.upstream.fault({ path: '/rest/author-questions/list/', status: 500 });
    const until = Date.now() + 6_000;
    const run = async (step: (i: number) => Promise<unknown>) => {
      for (let i = 0; Date.now() < until; i++) await step(i);
    };
    try {
      await Promise.all([
        run(async (i) => (await browser.request(['/lk', '/lk.data', '/lk/author-questions'][i % 3]!)).text()),
        run(async () => (await fetch(`${parts.cluster.origin}/login`)).text()),
        run(async (i) => (await fetch(`${parts.cluster.origin}/no-such-page/${i}`)).text()),
        ...writers.map((writer) => run(() => writer.save().then(() => sleep(200)))),
      ]);
    } finally {
      await parts.upstream.clearFaults();
    }
    await sleep(2_500); // the last scrapes

    const perInstance = await prometheus.query(
      'sum by (instance) (rate(portal_http_request_duration_seconds_count[10s]))',
    );
    expect(perInstance).toHaveLength(parts.cluster.instances.length);
    for (const { value } of perInstance) expect(value).toBeGreaterThan(0);

    const [p95] = await prometheus.query(
      'histogram_quantile(0.95, sum by (le) (rate(portal_http_request_duration_seconds_bucket[10s])))',
    );
    expect(p95!.value).toBeGreaterThan(0);
    expect(p95!.value).toBeLessThan(30);

    const [ratio] = await prometheus.query(
      'sum(rate(portal_upstream_request_duration_seconds_count{outcome=~"unavailable|timeout|status|malformed"}[10s]))' +
        ' / sum(rate(portal_upstream_request_duration_seconds_count[10s]))',
    );
    expect(ratio!.value).toBeGreaterThan(0);
    expect(ratio!.value).toBeLessThan(1);

    // The seams counted: the read cache, Redis, dictation saves, the balancer's own view.
    for (const promql of [
      'sum(portal_read_cache_lookups_total)',
      'sum(portal_redis_command_duration_seconds_count{outcome="ok"})',
      'sum(portal_dictation_saves_total{outcome="saved"})',
      'min(portal_redis_connected)',
      'sum(haproxy_backend_http_responses_total{proxy="reads"})',
      'sum(nodejs_heap_size_used_bytes)',
    ]) {
      const [sample] = await prometheus.query(promql);
      expect(sample?.value, promql).toBeGreaterThan(0);
    }

    // Route ids, never paths: the hundred 404 paths above are one series.
    const routes = (await prometheus.query('count by (route) (portal_http_request_duration_seconds_count)')).map(
      ({ metric }) => metric.route!,
    );
    expect(routes).toEqual(expect.arrayContaining(['routes/lk/home', 'routes/default/login', 'static']));
    for (const route of routes) expect(route).not.toMatch(/^\/|no-such-page|@/);
    const labels = await (await fetch(`${prometheus.url}/api/v1/labels`)).json();
    expect(labels.data).not.toEqual(expect.arrayContaining(['path', 'user', 'user_id', 'email', 'url']));

    // The alert rules are loaded.
    const rules = await (await fetch(`${prometheus.url}/api/v1/rules`)).json();
    const names = rules.data.groups.flatMap((group: { rules: { name: string }[] }) => group.rules.map((r) => r.name));
    expect(names).toEqual(expect.arrayContaining(['PortalInstanceDown', 'RedisLost', 'UpstreamErrors']));
  });
});
