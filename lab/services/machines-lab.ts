/**
 * The deployed units on machines (issue 42, ADR 138): three data machines set up by
 * `deploy/systemd/redis/setup-data-host.sh` (Debian's redis-server and redis-sentinel with deploy/systemd/redis's
 * files, as docs/operations.md tells an operator) and an app machine running `deploy/systemd/portal@.service` from
 * the checkout bound in read-only at /opt/portal (its compiled server, its own Node in node_modules), the portal's
 * files set up by the docs' steps for an app host. Each machine is booted from the shared tree
 * (lab/services/machines.ts) on one private network of their own.
 *
 * From outside, the portal is reached through two forwards joined by a Unix socket (lab/services/forward.ts):
 * a local port here to the socket, the socket to the portal's address inside the app machine's namespace; and the
 * upstream (a process here) is the app machine's 127.0.0.1 on the same port, the same way. Root only.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forward } from './forward';
import {
  bootMachine,
  MACHINE_PREFIX,
  MACHINES_SUBNET,
  machineTree,
  makeMachineNetwork,
  removeMachines,
  type Machine,
} from './machines';
import { root, runTs } from '../../scripts/processes';

export const LAB_HOSTS = { app1: 21, data1: 31, data2: 32, data3: 33 } as const;
export type LabHost = keyof typeof LAB_HOSTS;
export const DATA_MACHINES = ['data1', 'data2', 'data3'] as const;
export type DataMachine = (typeof DATA_MACHINES)[number];
export const labAddress = (host: LabHost) => `${MACHINES_SUBNET}.${LAB_HOSTS[host]}`;
/** The users of deploy/systemd/redis/users.acl.example, each with a password made for the run. */
const REDIS_USERS = ['admin', 'portal', 'replication', 'sentinel'] as const;
export type RedisUser = (typeof REDIS_USERS)[number];

/** Polls `check` every 100 ms until it returns a value other than undefined; throws `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** `KEY=value` lines of `example` with each key of `values` set (a key the example lacks is added). */
function envFile(example: string, values: Record<string, string>): string {
  const left = new Map(Object.entries(values));
  const lines = readFileSync(path.join(root, example), 'utf8')
    .split('\n')
    .map((line) => {
      const key = /^([A-Z_][A-Z0-9_]*)=/.exec(line)?.[1];
      if (!key || !left.has(key)) return line;
      const value = left.get(key)!;
      left.delete(key);
      return `${key}=${value}`;
    });
  return [...lines, ...[...left].map(([key, value]) => `${key}=${value}`), ''].join('\n');
}

export async function startMachinesLab(options: {
  /**
   * The upstream's port on this machine's loopback; the app machine finds it on its own loopback's same port (the
   * reference upstream answers only for its own address).
   */
  upstreamPort: number;
  /** Over portal.env.example's settings (the lab's own: no public origin, short grace). */
  portalEnv?: Record<string, string>;
  report?: (line: string) => void;
}) {
  const report = options.report ?? (() => {});
  const started = Date.now();
  // What a killed run left: its machines (below) and its folder (consoles, sockets, passwords).
  for (const entry of readdirSync(tmpdir(), { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith(MACHINE_PREFIX)) {
      rmSync(path.join(tmpdir(), entry.name), { recursive: true, force: true });
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), MACHINE_PREFIX));
  const machines = new Map<LabHost, Machine>();
  const servers: Server[] = [];
  let forwarder: ChildProcess | undefined;
  const stop = async () => {
    forwarder?.kill('SIGKILL');
    for (const server of servers) server.close();
    await Promise.all([...machines.values()].map((machine) => machine.poweroff()));
    removeMachines();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    removeMachines();
    const tree = machineTree();
    if (tree.madeInMs) report(`tree made by debootstrap in ${(tree.madeInMs / 1000).toFixed(1)} s`);
    makeMachineNetwork(LAB_HOSTS);

    // The passwords as the set-up script reads them: one file per user in a folder only root reads.
    const passwordDir = path.join(dir, 'passwords');
    mkdirSync(passwordDir, { mode: 0o700 });
    const passwords = Object.fromEntries(REDIS_USERS.map((user) => [user, randomBytes(18).toString('hex')])) as Record<
      RedisUser,
      string
    >;
    for (const user of REDIS_USERS)
      writeFileSync(path.join(passwordDir, user), `${passwords[user]}\n`, { mode: 0o600 });

    const booted = await Promise.all(
      (Object.keys(LAB_HOSTS) as LabHost[]).map((host) =>
        bootMachine({
          name: host,
          tree: tree.dir,
          log: path.join(dir, `${host}.console`),
          binds: host.startsWith('data')
            ? [
                `${path.join(root, 'deploy/systemd/redis')}:/root/portal-deploy/redis`,
                `${passwordDir}:/root/portal-redis-passwords`,
              ]
            : [`${root}:/opt/portal`],
        }).then((machine) => machines.set(host, machine)),
      ),
    );
    report(`${booted.length} machines booted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const on = (host: LabHost) => machines.get(host)!;
    const must = (host: LabHost, command: readonly string[], input?: string) => {
      const result = on(host).run(command, { input, timeoutMs: 60_000 });
      if (result.status !== 0) {
        throw new Error(`${host}: ${command.join(' ')} exited with ${result.status}: ${result.stderr.trim()}`);
      }
      return result.stdout;
    };

    // The data hosts, the primary first, by the operator's script.
    for (const host of DATA_MACHINES) {
      must(host, ['/root/portal-deploy/redis/setup-data-host.sh', labAddress(host), labAddress('data1')]);
    }

    // The app host, by docs/operations.md's steps (the release is the checkout, bound at /opt/portal).
    const here = await forward('127.0.0.1:0', path.join(dir, 'portal.sock'));
    servers.push(here);
    const port = (here.address() as { port: number }).port;
    servers.push(await forward(path.join(dir, 'upstream.sock'), `127.0.0.1:${options.upstreamPort}`));
    forwarder = runTs(
      'lab/forward.ts',
      [
        `${path.join(dir, 'portal.sock')}=>${labAddress('app1')}:3000`,
        `127.0.0.1:${options.upstreamPort}=>${path.join(dir, 'upstream.sock')}`,
      ],
      { PATH: process.env.PATH },
      ['ignore', 'pipe', 'inherit'],
      ['ip', 'netns', 'exec', `${MACHINE_PREFIX}app1`],
    );
    const forwarderReady = new Promise<void>((resolve, reject) => {
      forwarder!.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('ready') && resolve());
      forwarder!.once('exit', (code) => reject(new Error(`the app machine's forward exited with ${code}`)));
    });
    const origin = `http://localhost:${port}`;
    must('app1', ['useradd', '--system', '--home-dir', '/opt/portal', '--shell', '/usr/sbin/nologin', 'portal']);
    must('app1', ['install', '-m', '0644', '/opt/portal/deploy/systemd/portal@.service', '/etc/systemd/system/']);
    must('app1', ['install', '-d', '-m', '0750', '-g', 'portal', '/etc/portal']);
    must('app1', ['install', '-d', '-m', '0700', '/etc/portal/credentials']);
    const put = (file: string, mode: string, group: string, text: string) =>
      must('app1', ['sh', '-c', `install -m ${mode} -g ${group} /dev/null "$0" && cat > "$0"`, file], text);
    put(
      '/etc/portal/portal.env',
      '0640',
      'portal',
      envFile('deploy/systemd/portal.env.example', {
        PUBLIC_ORIGIN: origin,
        REST_API_URL: `http://127.0.0.1:${options.upstreamPort}`,
        REDIS_SENTINELS: DATA_MACHINES.map((host) => `${labAddress(host)}:26379`).join(','),
        ...options.portalEnv,
      }),
    );
    put(
      '/etc/portal/portal@1.env',
      '0640',
      'portal',
      envFile('deploy/systemd/portal@1.env.example', { HOST: labAddress('app1'), METRICS_HOST: labAddress('app1') }),
    );
    put('/etc/portal/credentials/SESSION_SECRET', '0600', 'root', randomBytes(32).toString('hex'));
    put('/etc/portal/credentials/REDIS_PASSWORD', '0600', 'root', passwords.portal);
    must('app1', ['systemctl', 'daemon-reload']);
    must('app1', ['systemctl', 'enable', '--now', 'portal@1']);
    await forwarderReady;

    const lab = {
      dir,
      origin,
      passwords,
      machines,
      on,
      /** `redis-cli` on `host` as `user` (its password from REDISCLI_AUTH), or without a password: its answer. */
      redisCli(host: LabHost, args: readonly string[], user?: RedisUser) {
        const auth = user ? `REDISCLI_AUTH=${passwords[user]} ` : '';
        const result = on(host).run([
          'sh',
          '-c',
          `${auth}exec redis-cli ${user ? `--user ${user} ` : ''}"$@"`,
          'cli',
          ...args,
        ]);
        return (result.stdout + result.stderr).trim();
      },
      /** A unit's property on `host` (`systemctl show -p … --value`). */
      unit(host: LabHost, unit: string, property: string) {
        return on(host).run(['systemctl', 'show', '-p', property, '--value', unit]).stdout.trim();
      },
      /** `unit`'s journal on `host` (its messages alone). */
      journal(host: LabHost, unit: string) {
        return on(host).run(['journalctl', '-u', unit, '-o', 'cat', '--no-pager']).stdout;
      },
      /** The data machine the sentinels on `asked` name as the primary. */
      primary(asked: readonly DataMachine[] = DATA_MACHINES): DataMachine | undefined {
        const named = asked.map(
          (host) =>
            lab
              .redisCli(host, ['-p', '26379', 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', 'portal'], 'admin')
              .split('\n')[0],
        );
        const found = DATA_MACHINES.find((host) => named.every((address) => address === labAddress(host)));
        return found;
      },
      /**
       * Resolves with the primary once the group on `members` is whole: every sentinel there names it, knows the
       * other members as its replicas and the other sentinels, and the primary has every replica in sync.
       */
      async whole(members: readonly DataMachine[] = DATA_MACHINES, timeoutMs = 60_000) {
        return until(
          `the Redis group on ${members.join(', ')}`,
          () => {
            const primary = lab.primary(members);
            if (!primary || !members.includes(primary)) return undefined;
            const others = members.length - 1;
            const info = lab.redisCli(primary, ['INFO', 'replication'], 'admin');
            if (!info.includes(`min_slaves_good_slaves:${others}`)) return undefined;
            for (const host of members) {
              const fields = lab.redisCli(host, ['-p', '26379', 'SENTINEL', 'MASTER', 'portal'], 'admin').split('\n');
              const field = (name: string) => fields[fields.indexOf(name) + 1];
              if (field('num-other-sentinels') !== String(others)) return undefined;
              const replicas = lab.redisCli(host, ['-p', '26379', 'SENTINEL', 'REPLICAS', 'portal'], 'admin');
              const usable = replicas.split('\n').filter((line) => line === 'slave').length;
              if (usable < others) return undefined;
            }
            return primary;
          },
          timeoutMs,
        );
      },
      /** Resolves once the portal answers its sign-in page (200) through the forward. */
      async portalAnswers(timeoutMs = 60_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const status = await fetch(`${origin}/login`).then(
            (response) => response.arrayBuffer().then(() => response.status),
            () => 0,
          );
          if (status === 200) return;
          if (Date.now() > deadline) {
            const log = on('app1').run(['journalctl', '-u', 'portal@1', '-n', '30', '--no-pager']).stdout;
            throw new Error(`the portal did not answer (last: ${status}); its journal:\n${log}`);
          }
          await sleep(200);
        }
      },
      stop,
    };
    return lab;
  } catch (error) {
    await stop();
    throw error;
  }
}

export type MachinesLab = Awaited<ReturnType<typeof startMachinesLab>>;
