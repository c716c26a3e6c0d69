/**
 * Debian's `haproxy` in front of the portal instances (ADR 230), run by the lab: its configuration
 * (scripts/deploy/haproxy-config.ts) generated into a temporary folder, its statistics and Prometheus exporter on a
 * loopback port of their own, and its runtime API on a socket in the same folder, through which the cluster script
 * drains an instance before replacing it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKENDS, haproxyConfig, type Backend } from '../../scripts/deploy/haproxy-config';
import { spawnWith, stopChild, waitForOk } from '../../scripts/processes';
import { freePort } from './redis';

/** An instance as the balancer sees it: `UP`, `DOWN`, `DRAIN`, `MAINT`, … and the requests it has or queues. */
export interface ServerStatus {
  status: string;
  current: number;
  queued: number;
}

export interface Haproxy {
  child: ChildProcess;
  /** The loopback port of `/metrics` (Prometheus exporter) and `/stats`. */
  statsPort: number;
  /** The runtime API's Unix socket (level admin). */
  adminSocket: string;
  /**
   * Sets an instance's administrative state in every backend: `maint` takes no new request and lets those in
   * flight finish, `ready` takes them again (not `drain`: see the rolling restart, lab/services/cluster.ts).
   */
  setState(server: string, state: 'ready' | 'maint'): Promise<void>;
  /** An instance's state in the reads backend, with its requests in all three. */
  server(server: string): Promise<ServerStatus>;
  stop(): Promise<void>;
}

/** One command on haproxy's runtime API; its answer. */
function runtimeCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = createConnection(socket, () => connection.end(`${command}\n`));
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.once('error', reject);
    connection.once('close', () => resolve(answer));
  });
}

/** Starts haproxy on `port` and resolves once it accepts connections. */
export async function startHaproxy(options: {
  port: number;
  host?: string;
  /** The command prefix that runs it on its host. */
  prefix?: string[];
  unixSocket?: string;
  backends: Backend[];
  quiet?: boolean;
  statsPort?: number;
  sessionCookies?: string[];
  instanceMaxconn?: number;
}): Promise<Haproxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const adminSocket = path.join(dir, 'admin.sock');
  const statsPort = options.statsPort || (await freePort());
  writeFileSync(file, haproxyConfig({ ...options, statsPort, adminSocket }));
  // -db: stay in the foreground, so stopping this child stops the balancer.
  const child = spawnWith(options.prefix ?? [], 'haproxy', ['-db', '-f', file], {
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  child.on('error', () => {}); // a missing binary shows as the exit below
  const stop = async () => {
    await stopChild(child, 'SIGTERM', 5000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // A file of public/: the first answer through the balancer from a ready instance.
    await waitForOk(
      `http://${options.host ?? '127.0.0.1'}:${options.port}/robots.txt`,
      child,
      'haproxy (its messages are above)',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const command = async (line: string) => {
    const answer = (await runtimeCommand(adminSocket, line)).trim();
    if (answer) throw new Error(`haproxy: ${line}: ${answer}`);
  };
  return {
    child,
    statsPort,
    adminSocket,
    stop,
    async setState(server, state) {
      for (const backend of BACKENDS) await command(`set server ${backend}/${server} state ${state}`);
    },
    async server(server) {
      // `show stat` is CSV: # pxname,svname,qcur,qmax,scur,…,status (the 18th field).
      const rows = (await runtimeCommand(adminSocket, 'show stat')).split('\n').map((line) => line.split(','));
      const mine = rows.filter((row) => row[1] === server && (BACKENDS as readonly string[]).includes(row[0]!));
      const reads = mine.find((row) => row[0] === 'reads');
      if (!reads) throw new Error(`haproxy knows no server ${server}`);
      const sum = (field: number) => mine.reduce((total, row) => total + Number(row[field] || 0), 0);
      return { status: reads[17] ?? 'unknown', current: sum(4), queued: sum(2) };
    },
  };
}
