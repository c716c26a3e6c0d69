/**
 * A TCP relay that can be told to hold every chunk for a while, for the faults the kernel here cannot make (no
 * `netem`): put between the app hosts and Redis on the hosts of ADR 059, it adds the delay of a slow network.
 * Run on a host (`ip netns exec …`); FAULT_PROXY_LISTEN=address:port, FAULT_PROXY_TARGET=address:port. Lines on
 * its standard input change it: `delay 100` (ms, each way), `delay 0`. It answers each with `ok`.
 */
import { createConnection, createServer } from 'node:net';
import { createInterface } from 'node:readline';

const [listenHost, listenPort] = (process.env.FAULT_PROXY_LISTEN ?? '').split(':');
const [targetHost, targetPort] = (process.env.FAULT_PROXY_TARGET ?? '').split(':');
let delayMs = 0;

// Chunks held for the same delay leave in the order they came (timers of equal length fire in order).
const later = (write: () => void) => (delayMs > 0 ? setTimeout(write, delayMs) : write());

const server = createServer((client) => {
  const target = createConnection({ host: targetHost, port: Number(targetPort) });
  client.on('data', (chunk) => later(() => target.write(chunk)));
  target.on('data', (chunk) => later(() => client.write(chunk)));
  client.on('end', () => later(() => target.end()));
  target.on('end', () => later(() => client.end()));
  client.on('error', () => target.destroy());
  target.on('error', () => client.destroy());
  client.on('close', () => target.destroy());
  target.on('close', () => client.destroy());
});
server.listen(Number(listenPort), listenHost, () => process.stdout.write('listening\n'));
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, value] = line.trim().split(/\s+/);
  if (command === 'delay') delayMs = Number(value) || 0;
  process.stdout.write('ok\n');
});
process.stdin.on('end', () => process.exit(0));
