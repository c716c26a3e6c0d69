/**
 * `npm run start:cluster`: the dictation day on one machine (ADR 023). Redis (Debian's redis-server on a free
 * port, nothing on disk), the reference upstream on UPSTREAM_PORT as `npm start` runs it, CLUSTER_INSTANCES
 * portal instances (3 by default) sharing their state through REDIS_URL, and haproxy in front on PORT.
 * Ctrl-C or SIGTERM stops everything it started.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startCluster } from './services/cluster';
import { buildIfStale, portalEnv, root, startUpstreamProcess, stopChild } from './services/processes';
import { startRedis } from './services/redis';

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const instances = Number(process.env.CLUSTER_INSTANCES || 3);
if (!Number.isInteger(instances) || instances < 1) {
  console.error('CLUSTER_INSTANCES: give a whole number of portal instances, 1 or more');
  process.exit(1);
}

buildIfStale();
const stops: Array<() => Promise<void>> = [];
let stopping: Promise<void> | undefined;
// In reverse order of starting: the balancer first, Redis and the upstream last.
const stopAll = () =>
  (stopping ??= (async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  })());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stopAll().then(() => process.exit(0)));
}

try {
  const redis = await startRedis();
  stops.push(() => redis.close());
  const upstream = await startUpstreamProcess(process.env.UPSTREAM_PORT || '3001');
  stops.push(() => stopChild(upstream.child));
  const cluster = await startCluster({
    port: Number(process.env.PORT || 3000),
    instances,
    env: { ...portalEnv(upstream.url, true), REDIS_URL: redis.url },
  });
  stops.push(() => cluster.stop());
  // Any part exiting on its own ends the whole: a half cluster would hide the failure.
  for (const child of [upstream.child, cluster.haproxy.child, ...cluster.instances.map((i) => i.child)]) {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`a process of the cluster exited (${signal ?? code}); stopping the others`);
      void stopAll().then(() => process.exit(1));
    });
  }
  console.log(
    `Кластер запущен: ${cluster.origin} (haproxy → ${instances} экз. портала на портах ` +
      `${cluster.instances.map((i) => i.port).join(', ')}; Redis ${redis.url}; upstream ${upstream.url})`,
  );
} catch (error) {
  console.error('the cluster failed to start:', error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}
