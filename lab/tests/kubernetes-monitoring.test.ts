import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { MONITOR_JOBS, prometheusRule } from '../../scripts/deploy-config';
import { root } from '../../scripts/processes';

/**
 * Issue 43: the alerts fire in Kubernetes. The PrometheusRule is alerts.yml's groups; each PodMonitor sets the job
 * label the rules select; `promtool test rules` runs alerts.kubernetes.test.yml, whose series carry the labels the
 * Prometheus Operator gives a PodMonitor's targets (job as relabelled, namespace, pod, container, endpoint,
 * instance), for the ports the monitors name.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML
type Yaml = any;
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const monitors = parseAllDocuments(read('deploy/kubernetes/monitoring/portal.yaml')).map((d) => d.toJS() as Yaml);
const rules = parse(read('docs/operations/alerts.yml')) as Yaml;
const TESTS = 'docs/operations/alerts.kubernetes.test.yml';

/** Each endpoint a PodMonitor scrapes: its port and the job label its relabelling sets. */
const endpoints = monitors.flatMap((monitor) =>
  (monitor.spec.podMetricsEndpoints as Yaml[]).map((endpoint) => ({
    port: endpoint.port as string,
    job: (endpoint.relabelings as Yaml[]).find((rule) => rule.targetLabel === 'job')?.replacement as string,
  })),
);

describe('the alerts in Kubernetes (Prometheus Operator)', () => {
  it('the PrometheusRule is alerts.yml’s groups', () => {
    expect(parse(prometheusRule()).spec.groups).toEqual(rules.groups);
  });

  it('every job label a rule selects is one a monitor sets, and every monitor sets one', () => {
    const selected = new Set(
      (rules.groups as Yaml[])
        .flatMap((group) => group.rules as Yaml[])
        .flatMap((rule) => [...(rule.expr as string).matchAll(/job="([^"]+)"/g)].map((match) => match[1]!)),
    );
    const set = new Set(endpoints.map((endpoint) => endpoint.job));
    expect([...set].sort()).toEqual(Object.values(MONITOR_JOBS).sort());
    expect([...selected].filter((job) => !set.has(job))).toEqual([]);
    expect(endpoints.every((endpoint) => endpoint.job)).toBe(true);
  });

  it('the promtool tests’ series carry the monitors’ jobs and ports and the Operator’s labels', () => {
    const series = (parse(read(TESTS)).tests as Yaml[]).flatMap((test) =>
      (test.input_series as Yaml[]).map((input) => input.series as string),
    );
    for (const one of series) {
      const labels = Object.fromEntries([...one.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      expect(Object.keys(labels), one).toEqual(
        expect.arrayContaining(['job', 'namespace', 'pod', 'container', 'endpoint', 'instance']),
      );
      expect(endpoints, one).toContainEqual({ port: labels.endpoint, job: labels.job });
    }
  });

  it('fires for a down portal pod and edge, stays quiet with one healthy primary, fires on a failover', () => {
    expect(execFileSync('promtool', ['test', 'rules', path.join(root, TESTS)], { encoding: 'utf8' })).toContain(
      'SUCCESS',
    );
    // Machines' series too (one sentinel's exporter).
    expect(
      execFileSync('promtool', ['test', 'rules', path.join(root, 'docs/operations/alerts.test.yml')], {
        encoding: 'utf8',
      }),
    ).toContain('SUCCESS');
  });
});
