import { createServer, type Server } from 'node:http';
import type { Metrics } from '../metrics.server';

/**
 * The operations listener (ADR 041): `GET /metrics` in Prometheus's text format on METRICS_HOST:METRICS_PORT,
 * a socket of its own, so that the public port (and the balancer in front of it) never serves them. Anything
 * else is a 404. Resolves with the server once it listens.
 */
export function serveMetrics(metrics: Metrics, options: { host: string; port: number }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    metrics.registry.metrics().then(
      (text) =>
        res
          .writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
