/**
 * The part of `npm run start:hosts` that runs on the client host (lab/start-hosts.ts starts it there): the
 * cluster across the hosts, supervised, until SIGTERM.
 */
import { addressOf, APP_HOSTS } from './services/namespaces';
import { HOSTS_PORTS, startHostsCluster } from './services/cluster-on-hosts';
import { portalEnv } from '../scripts/processes';

const report = (line: string) => console.error(`${new Date().toISOString()} hosts: ${line}`);
const port = Number(process.env.PORT || 3000);
// The variables `npm start` fills in; REST_API_URL and REDIS_URL are the hosts' own.
const env = portalEnv('http://unused', true);
delete env.REST_API_URL;
delete env.FIRST_AUTH_URL;

try {
  const hosts = await startHostsCluster({
    port,
    unixSocket: process.env.HOSTS_EDGE_SOCKET,
    env: { ...env, FIRST_AUTH_URL: `http://${addressOf('upstream')}:${HOSTS_PORTS.upstream}/first-auth/` },
    report,
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void hosts.stop().then(() => process.exit(0));
    });
  }
  process.on('SIGHUP', () => {
    report('rolling restart: one instance at a time');
    hosts.roll().then(
      () => report('rolling restart done'),
      (error: unknown) => report(`rolling restart stopped: ${error instanceof Error ? error.message : error}`),
    );
  });
  const { cluster } = hosts;
  console.log(
    `Кластер на хостах запущен: http://localhost:${port} (пересылка на edge ${addressOf('edge')}:${port}; ` +
      `haproxy → ${cluster.instances.map((i) => `${i.address}:${i.port}`).join(', ')}; Redis Sentinel ${hosts.redis.sentinelAddresses.join(', ')}; ` +
      `upstream ${hosts.upstreamUrl})`,
  );
  console.log(
    `Изнутри: ip netns exec portalh-client curl http://${addressOf('edge')}:${port}/; метрики: ` +
      `${APP_HOSTS.map((host) => `http://${addressOf(host)}:9464/metrics`).join(', ')}; haproxy: ` +
      `ip netns exec portalh-edge curl http://127.0.0.1:${cluster.haproxy.statsPort}/metrics`,
  );
} catch (error) {
  console.error('the hosts cluster failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
