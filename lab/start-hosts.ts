/**
 * `npm run start:hosts`: the cluster of `npm run start:cluster` across hosts of their own, Linux
 * network namespaces on this machine, each with its own address in 10.234.34.0/24: the edge (haproxy), three app
 * hosts (a portal instance each), the data host(s) (Redis), the upstream host and a client host. Root only.
 *
 * The cluster itself is started from the client host (lab/start-hosts-in-client.ts), the one place from which the
 * hosts' addresses are reached; this process stays on the machine and forwards 127.0.0.1:PORT to a Unix socket
 * the edge listens on, so a browser on the machine opens http://localhost:PORT as it opens `start:cluster`.
 * Ctrl-C or SIGTERM stops everything and removes the namespaces; a run that was killed leaves them to the next
 * start, which removes them first. SIGHUP is passed on: a rolling restart.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hostsUnavailable, makeHosts, onHost, removeHosts } from './services/namespaces';
import { buildIfStale, root } from '../scripts/processes';

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const unavailable = hostsUnavailable();
if (unavailable) {
  console.error(`start:hosts: ${unavailable}`);
  process.exit(1);
}
const port = Number(process.env.PORT || 3000);
buildIfStale();

const dir = mkdtempSync(path.join(tmpdir(), 'portal-hosts-'));
const unixSocket = path.join(dir, 'edge.sock');
makeHosts();

/** The machine's loopback port, passed byte for byte to the edge's Unix socket. */
const forward = createServer((socket) => {
  const edge = createConnection(unixSocket);
  socket.pipe(edge).pipe(socket);
  socket.on('error', () => edge.destroy());
  edge.on('error', () => socket.destroy());
});
forward.on('error', (error) => {
  console.error(`start:hosts: 127.0.0.1:${port}: ${error.message}`);
  void finish(1);
});
forward.listen(port, '127.0.0.1');

const inside = spawn(
  onHost('client')[0]!,
  [...onHost('client').slice(1), process.execPath, '--import', 'tsx', 'lab/start-hosts-in-client.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: String(port), HOSTS_EDGE_SOCKET: unixSocket } },
);

let finishing = false;
async function finish(code: number) {
  if (finishing) return;
  finishing = true;
  if (inside.exitCode === null && inside.signalCode === null) {
    inside.kill('SIGTERM');
    await new Promise((resolve) => inside.once('exit', resolve));
  }
  forward.close();
  removeHosts();
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

inside.on('exit', (code) => void finish(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void finish(0));
process.on('SIGHUP', () => inside.kill('SIGHUP'));
