/**
 * Machines booted by systemd (issue 42, ADR 233): a Debian bookworm tree made once by `debootstrap` from Debian's
 * packages, booted by `systemd-nspawn --boot` inside a network namespace, the tree shared read-only by every
 * machine (`--volatile=overlay`: each machine's writes go to a tmpfs and vanish at its poweroff). Root only.
 *
 * Every machine and namespace is named with MACHINE_PREFIX, so that a run killed before it cleaned up is cleaned
 * up by the next one: its namespaces' processes (the machines with them) are ended by their ids, the namespaces
 * deleted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { removeNamespaces } from './namespaces';

export const MACHINE_PREFIX = 'portalm-';
/** Where the tree is kept between runs (outside every checkout: it is 300 MB and root's). */
export const TREE_DIR = '/var/tmp/portal-machines/bookworm';
/** What a machine has besides Debian's minimal base: systemd as PID 1, and the packages deploy/systemd uses. */
export const TREE_PACKAGES = [
  'systemd',
  'systemd-sysv',
  'dbus',
  'iproute2',
  'redis-server',
  'redis-sentinel',
  'haproxy',
];
const MIRROR = 'http://deb.debian.org/debian';

/** Why machines cannot be booted here, or null: root, debootstrap and systemd-nspawn are needed. */
export function machinesUnavailable(): string | null {
  if (process.platform !== 'linux') return 'machines are Linux only';
  if (process.getuid?.() !== 0) return 'booting machines needs root';
  for (const [binary, pkg] of [
    ['debootstrap', 'debootstrap'],
    ['systemd-nspawn', 'systemd-container'],
    ['ip', 'iproute2'],
    ['openssl', 'openssl'],
  ]) {
    if (spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status !== 0) {
      return `${binary} is missing (Debian's ${pkg})`;
    }
  }
  return null;
}

/**
 * The tree, made by debootstrap unless one with the same packages is there already (its marker file names
 * them). Returns its path and how long the making took (0 when it was there).
 */
export function machineTree(dir = TREE_DIR): { dir: string; madeInMs: number } {
  const marker = path.join(dir, '.portal-tree');
  const wanted = TREE_PACKAGES.join(',');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return { dir, madeInMs: 0 };
  rmSync(dir, { recursive: true, force: true });
  const started = Date.now();
  const made = spawnSync('debootstrap', ['--variant=minbase', `--include=${wanted}`, 'bookworm', dir, MIRROR], {
    encoding: 'utf8',
  });
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`debootstrap failed: ${(made.stderr || made.stdout).trim().split('\n').slice(-5).join('\n')}`);
  }
  writeFileSync(marker, wanted);
  return { dir, madeInMs: Date.now() - started };
}

/** A /24 used only inside the machines' namespaces (the hosts lab's is 10.234.34). */
export const MACHINES_SUBNET = '10.234.35';
/** The switch's namespace: a bridge with the far end of each machine's cable. */
const SWITCH = `${MACHINE_PREFIX}net`;

function must(command: readonly string[]) {
  const result = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command.join(' ')}: ${result.stderr.trim()}`);
}

/**
 * The machines' network, made afresh: for each host (a name and the last byte of its address) a namespace
 * `portalm-<name>` with loopback and `eth0` at MACHINES_SUBNET.<byte>/24, its cable plugged into one bridge in a
 * namespace of its own. No route out, nothing on this machine's own interfaces (as lab/services/namespaces.ts).
 */
export function makeMachineNetwork(hosts: Record<string, number>) {
  must(['ip', 'netns', 'add', SWITCH]);
  must(['ip', '-n', SWITCH, 'link', 'add', 'br0', 'type', 'bridge']);
  must(['ip', '-n', SWITCH, 'link', 'set', 'br0', 'up']);
  for (const [host, byte] of Object.entries(hosts)) {
    const ns = `${MACHINE_PREFIX}${host}`;
    const port = `p-${host}`;
    must(['ip', 'netns', 'add', ns]);
    must(['ip', '-n', ns, 'link', 'set', 'lo', 'up']);
    must(['ip', '-n', ns, 'link', 'add', 'eth0', 'type', 'veth', 'peer', 'name', port]);
    must(['ip', '-n', ns, 'link', 'set', port, 'netns', SWITCH]);
    must(['ip', '-n', SWITCH, 'link', 'set', port, 'master', 'br0', 'up']);
    must(['ip', '-n', ns, 'addr', 'add', `${MACHINES_SUBNET}.${byte}/24`, 'dev', 'eth0']);
    must(['ip', '-n', ns, 'link', 'set', 'eth0', 'up']);
  }
}

/** Ends the processes of our namespaces (the machines in them), by their ids, and deletes the namespaces. */
export function removeMachines() {
  removeNamespaces(MACHINE_PREFIX);
}

export interface MachineRunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface Machine {
  readonly name: string;
  readonly namespace: string;
  readonly nspawn: ChildProcess;
  /** Runs a command inside the machine (its mounts, PID and network namespaces), waiting for it: its output. */
  run(command: readonly string[], options?: { input?: string; timeoutMs?: number }): MachineRunResult;
  /** The same without blocking this process (what runs beside a load: a blocked event loop would slow it). */
  runAsync(command: readonly string[], options?: { timeoutMs?: number }): Promise<MachineRunResult>;
  /** `systemctl poweroff` inside, then SIGKILL if it has not ended within `timeoutMs`; deletes its namespace. */
  poweroff(timeoutMs?: number): Promise<void>;
}

/** The PID of the machine's init (nspawn's child), once there. */
function initOf(nspawnPid: number): number | null {
  try {
    const children = readFileSync(`/proc/${nspawnPid}/task/${nspawnPid}/children`, 'utf8').trim().split(' ');
    return children[0] ? Number(children[0]) : null;
  } catch {
    return null;
  }
}

/**
 * Boots the tree as machine `name` in a network namespace of its own (made here, loopback up), with `binds`
 * (`host path:machine path`) bound read-only. Resolves once `systemctl is-system-running` inside says the boot
 * is over (`running`, or `degraded` with the unit that failed in `failed`); its console goes to `log`.
 */
export async function bootMachine(options: {
  name: string;
  tree: string;
  log: string;
  binds?: readonly string[];
  timeoutMs?: number;
}): Promise<Machine & { bootedInMs: number; state: string; failed: string }> {
  const name = `${MACHINE_PREFIX}${options.name}`;
  spawnSync('ip', ['netns', 'add', name], { stdio: 'ignore' });
  spawnSync('ip', ['-n', name, 'link', 'set', 'lo', 'up'], { stdio: 'ignore' });
  const started = Date.now();
  const consoleFd = openSync(options.log, 'w');
  const nspawn = spawn(
    'systemd-nspawn',
    [
      '--boot',
      `--directory=${options.tree}`,
      `--network-namespace-path=/run/netns/${name}`,
      '--keep-unit',
      '--register=no',
      '--volatile=overlay',
      `--machine=${name}`,
      ...(options.binds ?? []).map((bind) => `--bind-ro=${bind}`),
    ],
    { stdio: ['ignore', consoleFd, consoleFd] },
  );
  closeSync(consoleFd); // the child has its own copy
  nspawn.on('error', () => {});
  const ended = new Promise<void>((resolve) => nspawn.once('exit', () => resolve()));

  const run = (command: readonly string[], runOptions: { input?: string; timeoutMs?: number } = {}) => {
    const init = initOf(nspawn.pid!);
    if (!init) return { status: null, stdout: '', stderr: 'the machine has no init' };
    const result = spawnSync('nsenter', ['-t', String(init), '-m', '-u', '-i', '-n', '-p', ...command], {
      encoding: 'utf8',
      input: runOptions.input,
      timeout: runOptions.timeoutMs ?? 10_000,
    });
    return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  };
  const runAsync = (command: readonly string[], runOptions: { timeoutMs?: number } = {}) => {
    const init = initOf(nspawn.pid!);
    if (!init) return Promise.resolve({ status: null, stdout: '', stderr: 'the machine has no init' });
    const child = spawn('nsenter', ['-t', String(init), '-m', '-u', '-i', '-n', '-p', ...command], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: runOptions.timeoutMs ?? 10_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    return new Promise<MachineRunResult>((resolve) => {
      child.once('error', (error) => resolve({ status: null, stdout, stderr: stderr + String(error) }));
      child.once('close', (status) => resolve({ status, stdout, stderr }));
    });
  };
  const poweroff = async (timeoutMs = 20_000) => {
    if (nspawn.exitCode === null && nspawn.signalCode === null) {
      run(['systemctl', 'poweroff']);
      const late = setTimeout(() => nspawn.kill('SIGKILL'), timeoutMs);
      await ended;
      clearTimeout(late);
    }
    spawnSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
  };

  const deadline = started + (options.timeoutMs ?? 60_000);
  let state = '';
  for (;;) {
    if (nspawn.exitCode !== null || nspawn.signalCode !== null) {
      await poweroff();
      throw new Error(`${name} ended while booting (its console: ${options.log})`);
    }
    state = run(['systemctl', 'is-system-running']).stdout.trim();
    if (state === 'running' || state === 'degraded') break;
    if (Date.now() > deadline) {
      await poweroff();
      throw new Error(`${name} did not finish booting (${state || 'no answer'}; its console: ${options.log})`);
    }
    await sleep(100);
  }
  const failed = run(['systemctl', 'list-units', '--failed', '--plain', '--no-legend']).stdout.trim();
  return { name, namespace: name, nspawn, run, runAsync, poweroff, bootedInMs: Date.now() - started, state, failed };
}
