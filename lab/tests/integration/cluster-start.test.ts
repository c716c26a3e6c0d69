import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../services/redis';

/**
 * `npm run start:cluster` (lab/start-cluster.ts): starts Redis, the upstream, the instances and haproxy, answers on
 * its address, and leaves no process behind when stopped, whether by SIGTERM to it alone or by Ctrl-C (SIGINT
 * to its whole process group).
 */

/** The pids of a process's children, as `ps` lists them, but tsx's own esbuild service. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, command]) => command && command !== 'esbuild')
      .map(([id]) => Number(id));
  } catch {
    return []; // ps exits 1 when there are none
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startScript() {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    PORT: '0',
    UPSTREAM_PORT: String(await freePort()),
    UPSTREAM_DB: ':memory:',
    CLUSTER_INSTANCES: '2',
    SESSION_SECRET: 'integration-test-secret-integration-test-secret',
    LOG_LEVEL: 'warn',
  };
  const script = spawn(process.execPath, ['--import', 'tsx', 'lab/start-cluster.ts'], {
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const address = await new Promise<string>((resolve, reject) => {
    script.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = /Кластер запущен: (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    script.once('exit', () => reject(new Error(`the script exited:\n${output}`)));
  });
  return { script, address, pid: script.pid! };
}

describe('npm run start:cluster', () => {
  for (const stop of ['SIGTERM to the script', 'Ctrl-C'] as const) {
    it(`answers on its address and stops every process it started on ${stop}`, async () => {
      const { script, address, pid } = await startScript();
      const started = childrenOf(pid);
      try {
        const response = await fetch(`${address}/`);
        expect(response.status).toBe(200);
        await response.text();
        // redis-server, the upstream, two instances and haproxy.
        expect(started).toHaveLength(5);
        const exited = once(script, 'exit');
        if (stop === 'Ctrl-C') process.kill(-pid, 'SIGINT');
        else script.kill('SIGTERM');
        const [code] = await exited;
        expect(code).toBe(0);
        expect(started.filter(alive)).toEqual([]);
        await expect(fetch(`${address}/`)).rejects.toThrow();
      } finally {
        // A failed check above must not leave the cluster running.
        for (const child of [pid, ...started].filter(alive)) process.kill(child, 'SIGKILL');
      }
    });
  }
});
