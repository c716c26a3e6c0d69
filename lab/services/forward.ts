/**
 * A byte-for-byte TCP forward between two ends, each `host:port` or a Unix socket's path (starting with `/`). A
 * Unix socket is a file, seen from every network namespace: so a forward run inside a namespace and one run outside
 * join the two without an interface on this machine (the machines' lab, lab/services/machines-lab.ts).
 */
import { rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';

type End = { path: string } | { host: string; port: number };

function endOf(text: string): End {
  if (text.startsWith('/')) return { path: text };
  const colon = text.lastIndexOf(':');
  return { host: text.slice(0, colon), port: Number(text.slice(colon + 1)) };
}

/** Listens on `listen` (port 0: a free one) and passes every connection to `target`; resolves once listening. */
export async function forward(listen: string, target: string): Promise<Server> {
  const to = endOf(target);
  const server = createServer((socket) => {
    const peer = connect(to);
    socket.pipe(peer).pipe(socket);
    socket.on('error', () => peer.destroy());
    peer.on('error', () => socket.destroy());
  });
  const at = endOf(listen);
  if ('path' in at) rmSync(at.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, () => resolve());
  });
  return server;
}
