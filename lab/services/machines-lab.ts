/**
 * The deployed units on machines (issue 42, ADR 233): three data machines set up by
 * `deploy/systemd/redis/setup-data-host.sh` (Debian's redis-server and redis-sentinel with deploy/systemd/redis's
 * files, as docs/operations.md tells an operator), an app machine running `deploy/systemd/portal@.service` from
 * the release the runbook makes (`portalRelease`: the build, the production node_modules with their own Node, one
 * tarball) unpacked into /opt/portal-releases/<version>, /opt/portal its link, and a balancer
 * machine running Debian's haproxy with deploy/systemd/haproxy's drop-in and the configuration
 * `npm run deploy:config -- --systemd <app host>` makes, each set up by the docs' steps. Each machine is booted from
 * the shared tree (lab/services/machines.ts) on one private network of their own.
 *
 * From outside, the edge is reached through two forwards joined by a Unix socket (lab/services/forward.ts):
 * a local port here to the socket, the socket to haproxy's 443 inside the balancer machine's namespace, with a
 * certificate for `localhost` made for the run (this process trusts it); and the upstream (a process here) is the
 * app machine's 127.0.0.1 on the same port, the same way. Root only.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { forward } from './forward';
import {
  bootMachine,
  MACHINE_PREFIX,
  MACHINES_SUBNET,
  machineTree,
  makeMachineNetwork,
  removeMachines,
  TREE_DIR,
  type Machine,
} from './machines';
import { buildIfStale, root, runTs } from '../../scripts/processes';

export const LAB_HOSTS = { edge1: 10, app1: 21, data1: 31, data2: 32, data3: 33 } as const;
export type LabHost = keyof typeof LAB_HOSTS;
export const DATA_MACHINES = ['data1', 'data2', 'data3'] as const;
export type DataMachine = (typeof DATA_MACHINES)[number];
export const labAddress = (host: LabHost) => `${MACHINES_SUBNET}.${LAB_HOSTS[host]}`;
/** The users of deploy/systemd/redis/users.acl.example, each with a password made for the run. */
const REDIS_USERS = ['admin', 'portal', 'replication', 'sentinel'] as const;
export type RedisUser = (typeof REDIS_USERS)[number];

/** Polls `check` every 100 ms until it returns a value other than undefined; throws `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
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

/** Where the lab keeps its releases between runs (outside every checkout, as the tree: they are root's). */
const RELEASES_DIR = path.join(path.dirname(TREE_DIR), 'releases');

function mustRun(command: string, args: readonly string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${(result.stderr || result.stdout).trim()}`);
}

const hashOf = (files: readonly string[]) => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
};

/**
 * The portal's release as docs/operations.md's «The build, once per version» makes it: `npm run build` (only when
 * the sources are newer than the build), the production dependencies alone (`npm prune --omit=dev`), and
 * `tar czf portal-<version>.tar.gz package.json node_modules build`. The prune runs in a copy of the checkout's
 * node_modules made of hard links (it only removes files, and the one file it writes, its record of the tree, is
 * a copy), kept per package-lock.json and patches; the tarball is kept per dependencies and build, its hash the
 * version. What is older than a day is removed.
 */
export function portalRelease(): { version: string; tarball: string; madeInMs: number } {
  buildIfStale();
  const patches = readdirSync(path.join(root, 'patches'))
    .sort()
    .map((file) => path.join(root, 'patches', file));
  const lock = [path.join(root, 'package.json'), path.join(root, 'package-lock.json'), ...patches];
  const build = ['build/server/main.js', 'build/server/index.js'].map((file) => path.join(root, file));
  const version = `lab-${hashOf([...lock, ...build])}`;
  const tarball = path.join(RELEASES_DIR, `portal-${version}.tar.gz`);
  if (existsSync(tarball)) return { version, tarball, madeInMs: 0 };
  const started = Date.now();
  mkdirSync(RELEASES_DIR, { recursive: true });
  for (const entry of readdirSync(RELEASES_DIR)) {
    const file = path.join(RELEASES_DIR, entry);
    if (statSync(file).mtimeMs < Date.now() - 86_400_000) rmSync(file, { recursive: true, force: true });
  }
  const modules = path.join(RELEASES_DIR, `modules-${hashOf(lock)}`);
  if (!existsSync(modules)) {
    const staging = `${modules}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(path.join(root, file), path.join(staging, file));
    mustRun('cp', ['-al', path.join(root, 'node_modules'), path.join(staging, 'node_modules')], root);
    const record = path.join(staging, 'node_modules/.package-lock.json');
    rmSync(record, { force: true });
    copyFileSync(path.join(root, 'node_modules/.package-lock.json'), record);
    mustRun('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], staging);
    renameSync(staging, modules);
  }
  const partial = `${tarball}.${process.pid}`;
  mustRun(
    'tar',
    [
      'czf',
      partial,
      // Caches of the development tools, not packages.
      '--exclude=node_modules/.vite',
      '--exclude=node_modules/.vite-temp',
      '-C',
      modules,
      'node_modules',
      '-C',
      root,
      'package.json',
      'build',
    ],
    root,
  );
  renameSync(partial, tarball);
  return { version, tarball, madeInMs: Date.now() - started };
}

/**
 * A self-signed certificate for `localhost` (the address the lab's edge is opened at), made by openssl: the
 * balancer host's `portal.pem` (certificate and key) in `dir`; returns the certificate.
 */
function labCertificate(dir: string): string {
  const key = path.join(dir, 'portal.key');
  const certificate = path.join(dir, 'portal.crt');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  const text = readFileSync(certificate, 'utf8');
  writeFileSync(path.join(dir, 'portal.pem'), text + readFileSync(key, 'utf8'), { mode: 0o600 });
  return text;
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
  const forwarders: ChildProcess[] = [];
  const stop = async () => {
    for (const child of forwarders) child.kill('SIGKILL');
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

    const release = portalRelease();
    report(
      `the release ${release.version}: ${release.madeInMs ? `made in ${(release.madeInMs / 1000).toFixed(1)} s` : 'made before'}`,
    );
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
            : host === 'edge1'
              ? [`${path.join(root, 'deploy/systemd/haproxy')}:/root/portal-deploy/haproxy`]
              : [
                  `${path.join(root, 'deploy/systemd')}:/root/portal-deploy/systemd`,
                  `${release.tarball}:/root/portal-${release.version}.tar.gz`,
                ],
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
    /** `text` written to `file` on `host` with this mode and group (root's file), as `install` makes it. */
    const put = (host: LabHost, file: string, mode: string, group: string, text: string) =>
      must(host, ['sh', '-c', `install -m ${mode} -g ${group} /dev/null "$0" && cat > "$0"`, file], text);

    // The data hosts, the primary first, by the operator's script.
    for (const host of DATA_MACHINES) {
      must(host, ['/root/portal-deploy/redis/setup-data-host.sh', labAddress(host), labAddress('data1')]);
    }

    // From here, the edge's port: a local port to a socket, the socket to haproxy's 443 on the edge machine; the
    // upstream, a process here, on the app machine's loopback at its own port.
    const here = await forward('127.0.0.1:0', path.join(dir, 'portal.sock'));
    servers.push(here);
    const port = (here.address() as { port: number }).port;
    servers.push(await forward(path.join(dir, 'upstream.sock'), `127.0.0.1:${options.upstreamPort}`));
    const forwardIn = (host: LabHost, pair: string) => {
      const child = runTs(
        'lab/forward.ts',
        [pair],
        { PATH: process.env.PATH },
        ['ignore', 'pipe', 'inherit'],
        ['ip', 'netns', 'exec', `${MACHINE_PREFIX}${host}`],
      );
      forwarders.push(child);
      return new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`the forward on ${host} exited with ${code}`)));
      });
    };
    const forwardersReady = Promise.all([
      forwardIn('edge1', `${path.join(dir, 'portal.sock')}=>${labAddress('edge1')}:443`),
      forwardIn('app1', `127.0.0.1:${options.upstreamPort}=>${path.join(dir, 'upstream.sock')}`),
    ]);
    // The address people open: the edge's certificate names it (the lab's own, trusted by this process alone).
    const origin = `https://localhost:${port}`;
    const certificate = labCertificate(dir);
    setDefaultCACertificates([...getCACertificates('default'), certificate]);

    // The app host, by docs/operations.md's steps: the release unpacked, /opt/portal its link, the unit, the files.
    const releaseDir = `/opt/portal-releases/${release.version}`;
    must('app1', ['install', '-d', '-m', '0755', releaseDir]);
    const unpacking = Date.now();
    must('app1', ['tar', 'xzf', `/root/portal-${release.version}.tar.gz`, '-C', releaseDir]);
    report(`the release unpacked on app1 in ${((Date.now() - unpacking) / 1000).toFixed(1)} s`);
    must('app1', ['ln', '-sfn', releaseDir, '/opt/portal']);
    must('app1', ['useradd', '--system', '--home-dir', '/opt/portal', '--shell', '/usr/sbin/nologin', 'portal']);
    must('app1', ['install', '-m', '0644', '/root/portal-deploy/systemd/portal@.service', '/etc/systemd/system/']);
    must('app1', ['install', '-d', '-m', '0750', '-g', 'portal', '/etc/portal']);
    must('app1', ['install', '-d', '-m', '0700', '/etc/portal/credentials']);
    put(
      'app1',
      '/etc/portal/portal.env',
      '0640',
      'portal',
      envFile('deploy/systemd/portal.env.example', {
        TRUST_PROXY: labAddress('edge1'),
        PUBLIC_ORIGIN: origin,
        REST_API_URL: `http://127.0.0.1:${options.upstreamPort}`,
        REDIS_SENTINELS: DATA_MACHINES.map((host) => `${labAddress(host)}:26379`).join(','),
        ...options.portalEnv,
      }),
    );
    put(
      'app1',
      '/etc/portal/portal@1.env',
      '0640',
      'portal',
      envFile('deploy/systemd/portal@1.env.example', { HOST: labAddress('app1'), METRICS_HOST: labAddress('app1') }),
    );
    put('app1', '/etc/portal/credentials/SESSION_SECRET', '0600', 'root', randomBytes(32).toString('hex'));
    put('app1', '/etc/portal/credentials/REDIS_PASSWORD', '0600', 'root', passwords.portal);
    must('app1', ['systemctl', 'daemon-reload']);
    must('app1', ['systemctl', 'enable', '--now', 'portal@1']);

    // The balancer host, by docs/operations.md's steps: the configuration `npm run deploy:config -- --systemd`
    // makes for the app host, the certificate, the drop-in.
    const config = spawnSync('npm', ['run', '--silent', 'deploy:config', '--', '--systemd', labAddress('app1')], {
      cwd: root,
      encoding: 'utf8',
    });
    if (config.status !== 0) throw new Error(`npm run deploy:config failed: ${config.stderr}`);
    put('edge1', '/etc/haproxy/haproxy.cfg', '0644', 'root', config.stdout);
    must('edge1', ['install', '-d', '-m', '0750', '-g', 'haproxy', '/etc/haproxy/certs']);
    put(
      'edge1',
      '/etc/haproxy/certs/portal.pem',
      '0640',
      'haproxy',
      readFileSync(path.join(dir, 'portal.pem'), 'utf8'),
    );
    must('edge1', ['install', '-d', '-m', '0755', '/etc/systemd/system/haproxy.service.d']);
    must('edge1', [
      'install',
      '-m',
      '0644',
      '/root/portal-deploy/haproxy/haproxy.service.d/portal.conf',
      '/etc/systemd/system/haproxy.service.d/',
    ]);
    must('edge1', ['haproxy', '-c', '-q', '-f', '/etc/haproxy/haproxy.cfg']);
    must('edge1', ['systemctl', 'daemon-reload']);
    if (on('edge1').run(['systemctl', 'restart', 'haproxy'], { timeoutMs: 60_000 }).status !== 0) {
      const journal = on('edge1').run(['journalctl', '-u', 'haproxy', '-n', '20', '--no-pager']).stdout;
      throw new Error(`edge1: haproxy did not start; its journal:\n${journal}`);
    }
    await forwardersReady;

    const lab = {
      dir,
      origin,
      certificate,
      release,
      passwords,
      machines,
      on,
      /**
       * `redis-cli` on `host` as `user` (its password from REDISCLI_AUTH), or without a password: its answer.
       * Every helper below runs inside the machines without blocking this process, which may be carrying a load.
       */
      async redisCli(host: LabHost, args: readonly string[], user?: RedisUser) {
        const auth = user ? `REDISCLI_AUTH=${passwords[user]} ` : '';
        const result = await on(host).runAsync([
          'sh',
          '-c',
          `${auth}exec redis-cli ${user ? `--user ${user} ` : ''}"$@"`,
          'cli',
          ...args,
        ]);
        return (result.stdout + result.stderr).trim();
      },
      /** A unit's property on `host` (`systemctl show -p … --value`). */
      async unit(host: LabHost, unit: string, property: string) {
        return (await on(host).runAsync(['systemctl', 'show', '-p', property, '--value', unit])).stdout.trim();
      },
      /** The main process of `unit` on `host` killed with SIGKILL (inside the machine): its restart count before. */
      async kill(host: LabHost, unit: string) {
        const restarts = Number(await lab.unit(host, unit, 'NRestarts'));
        const pid = await lab.unit(host, unit, 'MainPID');
        const killed = await on(host).runAsync(['sh', '-c', 'kill -KILL "$0"', pid]);
        if (killed.status !== 0 || pid === '0') throw new Error(`${unit} on ${host} (pid ${pid}) was not killed`);
        return restarts;
      },
      /** Resolves once `unit` on `host` was started again by systemd (Restart=), is active, and `answers`. */
      async restartedByItsUnit(
        host: LabHost,
        unit: string,
        restartsBefore: number,
        answers: () => Promise<boolean> = async () => true,
      ) {
        await until(`${unit} on ${host} started again by its unit`, async () =>
          Number(await lab.unit(host, unit, 'NRestarts')) > restartsBefore &&
          (await lab.unit(host, unit, 'ActiveState')) === 'active' &&
          (await answers())
            ? true
            : undefined,
        );
      },
      /** Whether redis-server on `host` answers its admin. */
      async redisAnswers(host: DataMachine) {
        return (await lab.redisCli(host, ['PING'], 'admin')) === 'PONG';
      },
      /** `systemd-analyze security`'s overall exposure of `unit` on `host` (0 to 10; at most 2.0 is «OK»). */
      async exposure(host: LabHost, unit: string) {
        const out = (
          await on(host).runAsync(['systemd-analyze', 'security', '--no-pager', unit], { timeoutMs: 30_000 })
        ).stdout;
        const level = /Overall exposure level for \S+: ([\d.]+)/.exec(out)?.[1];
        if (!level) throw new Error(`systemd-analyze security ${unit} on ${host} said:\n${out}`);
        return Number(level);
      },
      /** `unit`'s journal on `host` (its messages alone). */
      async journal(host: LabHost, unit: string) {
        return (await on(host).runAsync(['journalctl', '-u', unit, '-o', 'cat', '--no-pager'])).stdout;
      },
      /** The data machine the sentinels on `asked` name as the primary. */
      async primary(asked: readonly DataMachine[] = DATA_MACHINES): Promise<DataMachine | undefined> {
        const named = await Promise.all(
          asked.map(
            async (host) =>
              (
                await lab.redisCli(host, ['-p', '26379', 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', 'portal'], 'admin')
              ).split('\n')[0],
          ),
        );
        return DATA_MACHINES.find((host) => named.every((address) => address === labAddress(host)));
      },
      /**
       * Resolves with the primary once the group on `members` is whole: every sentinel there names it, knows the
       * other members as its replicas and the other sentinels, and the primary has every replica in sync.
       */
      async whole(members: readonly DataMachine[] = DATA_MACHINES, timeoutMs = 60_000) {
        return until(
          `the Redis group on ${members.join(', ')}`,
          async () => {
            const primary = await lab.primary(members);
            if (!primary || !members.includes(primary)) return undefined;
            const others = members.length - 1;
            const info = await lab.redisCli(primary, ['INFO', 'replication'], 'admin');
            if (!info.includes(`min_slaves_good_slaves:${others}`)) return undefined;
            for (const host of members) {
              const fields = (await lab.redisCli(host, ['-p', '26379', 'SENTINEL', 'MASTER', 'portal'], 'admin')).split(
                '\n',
              );
              const field = (name: string) => fields[fields.indexOf(name) + 1];
              if (field('num-other-sentinels') !== String(others)) return undefined;
              const replicas = await lab.redisCli(host, ['-p', '26379', 'SENTINEL', 'REPLICAS', 'portal'], 'admin');
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
