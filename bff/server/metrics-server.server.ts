import { createServer, type ServerResponse, type Server } from 'node:http';
import type { Metrics } from '../metrics.server';
import type { Health } from './health.server';

/** The operations listener's paths: the metrics and the three probes. */
export const OPERATIONS_PATHS = {
  metrics: '/metrics',
  startup: '/startupz',
  liveness: '/livez',
  readiness: '/readyz',
  /** Readiness without the upstream, for the orchestrator (health.server.ts). */
  localReadiness: '/readyz/local',
} as const;

/**
 * The operations listener: `GET /metrics` in Prometheus's text format and the probes of
 * health.server.ts on METRICS_HOST:METRICS_PORT, a socket of its own, so that the public port (and the balancer in
 * front of it) never serves them. Anything else is a 404. Resolves with the server once it listens.
 */
export function serveMetrics(
  metrics: Metrics,
  health: Health,
  options: { host: string; port: number },
): Promise<Server> {
  const json = (res: ServerResponse, status: number, body: unknown, head: boolean) =>
    res
      .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(head ? undefined : JSON.stringify(body));
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    switch (path) {
      case OPERATIONS_PATHS.metrics:
        metrics.registry.metrics().then(
          (text) =>
            res
              .writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' })
              .end(head ? undefined : text),
          () => res.writeHead(500).end(),
        );
        return;
      case OPERATIONS_PATHS.startup:
        json(res, health.started() ? 200 : 503, { started: health.started() }, head);
        return;
      case OPERATIONS_PATHS.liveness:
        json(res, 200, { live: true }, head);
        return;
      case OPERATIONS_PATHS.readiness:
      case OPERATIONS_PATHS.localReadiness:
        void health
          .notReady({ upstream: path === OPERATIONS_PATHS.readiness })
          .then((reasons) => json(res, reasons.length ? 503 : 200, { ready: reasons.length === 0, reasons }, head));
        return;
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
