import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHaproxy, type Haproxy } from '../services/haproxy';
import { freePort } from '../services/redis';
import { root } from '../../scripts/processes';

/**
 * deploy/systemd/rolling-restart.sh against a real haproxy's runtime API: two instances (each a small server
 * answering everything 200, its checks too) on OPS_PORT_BASE+1 and +2, and an `ssh` on PATH that records what it
 * was asked and fails when told to. It restarts each in turn and leaves none in MAINT; when it stops half way (ssh
 * fails), the instance it had taken out is set ready again.
 */

let dir: string;
let haproxy: Haproxy;
let base: number;
const servers: Server[] = [];

/** Two consecutive free loopback ports, base+1 and base+2, each listened on by an instance. */
async function instances() {
  for (;;) {
    const first = await freePort();
    const started: Server[] = [];
    try {
      for (const port of [first, first + 1]) {
        const server = createServer((_req, res) => res.end('ok'));
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', resolve);
        });
        started.push(server);
      }
      servers.push(...started);
      return first - 1;
    } catch {
      for (const server of started) server.close();
    }
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-rolling-'));
  base = await instances();
  haproxy = await startHaproxy({
    port: await freePort(),
    quiet: true,
    backends: [1, 2].map((n) => ({ name: `portal${n}`, port: base + n, checkPort: base + n })),
  });
  writeFileSync(
    path.join(dir, 'ssh'),
    `#!/bin/sh\necho "$*" >> "${dir}/ssh.log"\ncase "$*" in *portal@2*) [ -e "${dir}/fail" ] && exit 1;; esac\nexit 0\n`,
    { mode: 0o755 },
  );
});

afterAll(async () => {
  await haproxy?.stop();
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

function rollingRestart() {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(
      path.join(root, 'deploy/systemd/rolling-restart.sh'),
      ['portal1=127.0.0.1:1', 'portal2=127.0.0.1:2'],
      {
        env: {
          ...process.env,
          PATH: `${dir}:${process.env.PATH}`,
          HAPROXY_SOCKET: haproxy.adminSocket,
          OPS_PORT_BASE: String(base),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

const statuses = async () => [(await haproxy.server('portal1')).status, (await haproxy.server('portal2')).status];

describe('deploy/systemd/rolling-restart.sh', () => {
  it('restarts every instance in turn through the runtime API, with perl, and leaves each UP', async () => {
    await expect.poll(statuses, { timeout: 20_000, interval: 200 }).toEqual(['UP', 'UP']);
    const { code, stderr } = await rollingRestart();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, 'ssh.log'), 'utf8')).toBe(
      '127.0.0.1 systemctl restart portal@1\n127.0.0.1 systemctl restart portal@2\n',
    );
    expect(await statuses()).toEqual(['UP', 'UP']);
  }, 60_000);

  it('stopped half way, sets the instance it had taken out ready again on every balancer', async () => {
    writeFileSync(path.join(dir, 'fail'), '');
    const { code, stderr } = await rollingRestart();
    expect(code).not.toBe(0);
    expect(stderr).toContain('portal2: set ready again');
    expect(existsSync(path.join(dir, 'fail'))).toBe(true);
    // Not left in MAINT: haproxy's checks decide, and these instances answer them.
    await expect.poll(statuses, { timeout: 20_000, interval: 200 }).toEqual(['UP', 'UP']);
  }, 60_000);
});
