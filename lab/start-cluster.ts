/**
 * `npm run start:cluster`: the dictation day on one machine (ADR 230). Redis (Debian's redis-server on a free
 * port, nothing on disk, a password asked of every client: the portal's ACL user, drawn for this run), the
 * reference upstream on UPSTREAM_PORT as `npm start` runs it, CLUSTER_INSTANCES portal instances (3 by default)
 * sharing their state through REDIS_URL, and haproxy in front on PORT.
 *
 * It supervises them: a part that exits on its own is started again, with a growing delay, while haproxy
 * sends its requests to the others. SIGHUP (or `npm run cluster:roll`) replaces the instances one at a time with
 * no request lost. Ctrl-C or SIGTERM stops everything it started.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCluster } from './services/cluster';
import { buildIfStale, portalEnv, root, startUpstreamProcess, stopChild } from '../scripts/processes';
import { startRedis } from './services/redis';
import { createSupervisor } from './services/supervisor';

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const instances = Number(process.env.CLUSTER_INSTANCES || 3);
const instanceMaxconn = Number(process.env.CLUSTER_INSTANCE_MAXCONN || 64);
for (const [name, value] of [
  ['CLUSTER_INSTANCES', instances],
  ['CLUSTER_INSTANCE_MAXCONN', instanceMaxconn],
] as const) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name}: give a whole number, 1 or more`);
    process.exit(1);
  }
}

/** What the supervisor and the rolling restart say, on stderr with the time: the operator's log of the day. */
const report = (line: string) => console.error(`${new Date().toISOString()} cluster: ${line}`);

buildIfStale();
const supervisor = createSupervisor(report);
const stops: Array<() => Promise<void>> = [];
let stopping: Promise<void> | undefined;
// In reverse order of starting: the balancer first, Redis and the upstream last.
const stopAll = () =>
  (stopping ??= (async () => {
    supervisor.stop();
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  })());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stopAll().then(() => process.exit(0)));
}
// Until the cluster is up, a SIGHUP is ignored rather than ending the script (its default).
let roll = () => report('a rolling restart waits until the cluster has started');
process.on('SIGHUP', () => roll());

try {
  const redis = await startRedis({ keyPatterns: [`${process.env.REDIS_KEY_PREFIX || 'portal:'}*`] });
  stops.push(() => redis.close());
  supervisor.watch({ name: 'redis', child: () => redis.child, restart: () => redis.start() });

  const upstreamPort = process.env.UPSTREAM_PORT || '3001';
  let upstream = await startUpstreamProcess(upstreamPort);
  stops.push(() => stopChild(upstream.child));
  supervisor.watch({
    name: 'upstream',
    child: () => upstream.child,
    restart: async () => void (upstream = await startUpstreamProcess(upstreamPort)),
  });

  const cluster = await startCluster({
    port: Number(process.env.PORT || 3000),
    instanceMaxconn,
    instances,
    env: { ...portalEnv(upstream.url, true), ...redis.env },
  });
  stops.push(() => cluster.stop());
  supervisor.watch({ name: 'haproxy', child: () => cluster.haproxy.child, restart: () => cluster.restartBalancer() });
  const watched = new Map(
    cluster.instances.map((instance) => [
      instance,
      supervisor.watch({
        name: instance.name,
        child: () => instance.child,
        restart: () => instance.restart(),
        expected: () => instance.replacing,
      }),
    ]),
  );

  // `npm run cluster:roll` finds this process by its balancer's port, and reads how the restart went.
  const pidFile = path.join(root, `data/cluster-${cluster.port}.pid`);
  const rolledFile = path.join(root, `data/cluster-${cluster.port}.rolled`);
  mkdirSync(path.dirname(pidFile), { recursive: true });
  writeFileSync(pidFile, String(process.pid));
  stops.unshift(async () => rmSync(pidFile, { force: true }));
  roll = () => {
    if (stopping) return;
    report('rolling restart: one instance at a time');
    void cluster
      .roll(report, (instance) => watched.get(instance)?.rewatch())
      .then(
        () => {
          report('rolling restart done');
          return { ok: true };
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          report(`rolling restart stopped: ${message}`);
          return { ok: false, error: message };
        },
      )
      .then((outcome) => {
        for (const watch of watched.values()) watch.rewatch();
        writeFileSync(rolledFile, JSON.stringify({ ...outcome, at: new Date().toISOString() }));
      });
  };

  console.log(
    `Кластер запущен: ${cluster.origin} (haproxy → ${instances} экз. портала на портах ` +
      `${cluster.instances.map((i) => i.port).join(', ')}; Redis ${redis.url}; upstream ${upstream.url})`,
  );
  console.log(
    `Метрики: ${cluster.instances.map((i) => `http://127.0.0.1:${i.metricsPort}/metrics`).join(', ')}; ` +
      `haproxy http://127.0.0.1:${cluster.haproxy.statsPort}/metrics (статистика: /stats)`,
  );
} catch (error) {
  console.error('the cluster failed to start:', error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}
