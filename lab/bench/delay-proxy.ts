/**
 * A fault proxy that adds delay, for the kernel without `netem` (issue 34): it listens on each `DELAY_ROUTES`
 * entry's `listen` address and forwards every connection to its `target`, holding each chunk `DELAY_MS` in each
 * direction, in order. Run on an app host by lab/bench/day-on-hosts-timeline.ts, where nftables sends that host's
 * connections to Redis through it.
 *
 *     DELAY_MS=50 DELAY_ROUTES='[{"listen":"10.0.0.2:17001","target":"10.0.0.5:16379"}]' node --import tsx lab/bench/delay-proxy.ts
 */
import net from 'node:net';

interface Route {
  listen: string;
  target: string;
}

const delayMs = Number(process.env.DELAY_MS ?? 50);
const routes = JSON.parse(process.env.DELAY_ROUTES ?? '[]') as Route[];

const split = (address: string) => {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
};

/** Writes what `from` sends to `to`, each chunk `delayMs` later; ends and errors end both. */
function delayed(from: net.Socket, to: net.Socket) {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
}

const servers = routes.map(({ listen, target }) => {
  const server = net.createServer((client) => {
    const upstream = net.connect(split(target));
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    delayed(client, upstream);
    delayed(upstream, client);
  });
  server.listen(split(listen));
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
});

await Promise.all(servers);
process.stdout.write('listening\n');
process.on('SIGTERM', () => process.exit(0));
