/**
 * The upstream host's front door on the namespace hosts, run on that host: the reference upstream keeps its dev
 * tools (invitations, the outbox, fault switches) on the host's loopback, as its own rule asks, and this relay
 * passes every other request from the host's address to it (the Host header made the upstream's own). Paths
 * under `/__` are refused here: from the network, the upstream is its `/rest` API only.
 *
 * RELAY_LISTEN=address:port, RELAY_TARGET=127.0.0.1:port.
 */
import { createServer, request } from 'node:http';

const [listenHost, listenPort] = (process.env.RELAY_LISTEN ?? '').split(':');
const target = process.env.RELAY_TARGET ?? '';
const [targetHost, targetPort] = target.split(':');

const server = createServer((req, res) => {
  if (req.url?.startsWith('/__')) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
    return;
  }
  const upstream = request(
    {
      host: targetHost,
      port: Number(targetPort),
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(listenPort), listenHost, () =>
  process.stdout.write(`relay ${listenHost}:${listenPort} → ${target}\n`),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
