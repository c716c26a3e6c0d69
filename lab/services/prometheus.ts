/**
 * Debian's `prometheus` against a cluster (ADR 218): its configuration generated into a temporary folder (each
 * instance's metrics address and haproxy's exporter as targets, a short scrape interval, the alert rules of
 * docs/operations/alerts.yml), its database in the same folder, its API on a free loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, stopChild, waitForOk } from '../../scripts/processes';
import { freePort } from './redis';

export const ALERT_RULES = path.join(root, 'docs/operations/alerts.yml');

export interface ScrapeTargets {
  /** `127.0.0.1:PORT` of each instance's metrics listener. */
  portal: string[];
  /** `127.0.0.1:PORT` of haproxy's stats frontend. */
  haproxy: string[];
}

export function prometheusConfig(targets: ScrapeTargets, options: { intervalSeconds?: number } = {}): string {
  const interval = `${options.intervalSeconds ?? 15}s`;
  const job = (name: string, list: string[]) => [
    `  - job_name: ${name}`,
    '    metrics_path: /metrics',
    '    static_configs:',
    `      - targets: [${list.map((target) => `'${target}'`).join(', ')}]`,
  ];
  return [
    'global:',
    `  scrape_interval: ${interval}`,
    `  evaluation_interval: ${interval}`,
    'rule_files:',
    `  - '${ALERT_RULES}'`,
    'scrape_configs:',
    ...job('portal', targets.portal),
    ...job('haproxy', targets.haproxy),
    '',
  ].join('\n');
}

export interface PrometheusService {
  url: string;
  child: ChildProcess;
  /** One instant query on the HTTP API: its vector's samples as label sets and numbers. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: number }[]>;
  stop(): Promise<void>;
}

export async function startPrometheus(
  targets: ScrapeTargets,
  options: { intervalSeconds?: number } = {},
): Promise<PrometheusService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-prometheus-'));
  const file = path.join(dir, 'prometheus.yml');
  writeFileSync(file, prometheusConfig(targets, options));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    'prometheus',
    [
      `--config.file=${file}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', process.env.PROMETHEUS_LOG ? 'inherit' : 'ignore'] },
  );
  child.on('error', () => {}); // a missing binary shows as the exit below
  const stop = async () => {
    await stopChild(child, 'SIGTERM', 5000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${url}/-/ready`, child, 'prometheus');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    child,
    stop,
    async query(promql) {
      const response = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: promql })}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`${promql}: ${body.error}`);
      return body.data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
  };
}
