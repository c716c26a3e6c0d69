/**
 * The cluster's machines as Linux network namespaces (ADR 233): each host a namespace of its own with one
 * interface and one address in HOSTS_SUBNET, all of them plugged into a bridge that lives in a namespace of its
 * own (`portalh-net`), like machines on one switch. Nothing routes out: no default route, no NAT, and the
 * machine's own namespace gets no address in the range (the loopback forward of lab/start-hosts.ts is a Unix
 * socket). Every namespace is named with NAMESPACE_PREFIX, so a run that was killed before it cleaned up is
 * cleaned up by the next one. Root only.
 *
 * Faults are made inside a host's namespace, as its own kernel would make them: nftables rules that drop packets
 * without a reset (the host goes silent: both ways, or one way), or its link taken down (a pulled cable).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';

/** Every namespace this module makes starts with it; nothing else on the machine may. */
export const NAMESPACE_PREFIX = 'portalh-';
/** A /24 used only inside these namespaces (never on the machine's own interfaces). */
export const HOSTS_SUBNET = '10.234.34';

/** The hosts and the last byte of each one's address. */
export const HOST_ADDRESSES = {
  edge: 10,
  app1: 21,
  app2: 22,
  app3: 23,
  data1: 31,
  data2: 32,
  data3: 33,
  upstream: 40,
  client: 50,
} as const;

export type HostName = keyof typeof HOST_ADDRESSES;
export const HOST_NAMES = Object.keys(HOST_ADDRESSES) as HostName[];
export const APP_HOSTS = ['app1', 'app2', 'app3'] as const satisfies HostName[];
export const DATA_HOSTS = ['data1', 'data2', 'data3'] as const satisfies HostName[];

/** The switch's namespace: the bridge and the far ends of every host's cable. */
const SWITCH = `${NAMESPACE_PREFIX}net`;

export const namespaceOf = (host: HostName) => `${NAMESPACE_PREFIX}${host}`;
export const addressOf = (host: HostName) => `${HOSTS_SUBNET}.${HOST_ADDRESSES[host]}`;
/** The command prefix that runs a program on `host`. */
export const onHost = (host: HostName) => ['ip', 'netns', 'exec', namespaceOf(host)];
/** The switch's port of `host` (the far end of its cable). */
const portOf = (host: HostName) => `p-${host}`;

function run(command: string[], input?: string) {
  execFileSync(command[0]!, command.slice(1), { input, stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
}

/**
 * Why namespaces cannot be made here, or `null` when they can: root is needed, with `ip` (iproute2) and `nft`
 * (nftables). Tests that need hosts are skipped with this reason.
 */
export function hostsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'network namespaces are Linux only';
  if (process.getuid?.() !== 0) return 'network namespaces need root (CI runs as root)';
  for (const [binary, pkg] of [
    ['ip', 'iproute2'],
    ['nft', 'nftables'],
  ]) {
    if (spawnSync(binary!, ['-V'], { stdio: 'ignore' }).error) return `${binary} is missing (Debian's ${pkg})`;
  }
  const probe = `${NAMESPACE_PREFIX}probe`;
  const made = spawnSync('ip', ['netns', 'add', probe], { encoding: 'utf8' });
  if (made.status !== 0) return `ip netns add failed: ${made.stderr.trim()}`;
  spawnSync('ip', ['netns', 'del', probe], { stdio: 'ignore' });
  return null;
}

/** The namespaces whose name starts with `prefix` (the hosts' by default) that exist now. */
export function ourNamespaces(prefix = NAMESPACE_PREFIX): string[] {
  const listed = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  return (listed.stdout ?? '')
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => name.startsWith(prefix));
}

/**
 * Removes every namespace whose name starts with `prefix`, ending first the processes still running in them (a
 * namespace that is deleted keeps its processes otherwise). Safe to call when there is nothing to remove.
 */
export function removeNamespaces(prefix: string) {
  for (const name of ourNamespaces(prefix)) {
    const pids = spawnSync('ip', ['netns', 'pids', name], { encoding: 'utf8' })
      .stdout.split('\n')
      .map(Number)
      .filter((pid) => pid > 0 && pid !== process.pid);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    spawnSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
    rmSync(`/etc/netns/${name}`, { recursive: true, force: true });
  }
  // The folder itself when nothing else is in it (`ip netns` makes no use of it otherwise).
  try {
    rmdirSync('/etc/netns');
  } catch {
    // not there, or someone else's files in it
  }
}

/** Removes every host namespace of ours (see removeNamespaces). */
export function removeHosts() {
  removeNamespaces(NAMESPACE_PREFIX);
}

/**
 * The name people open, `localhost`, is the edge on the client host: `ip netns exec` shows a namespace the
 * `/etc/netns/<name>/hosts` file as its /etc/hosts. So the load there sends what a browser on the machine sends
 * through the forward (`Host: localhost:PORT`, the portal's PUBLIC_ORIGIN), over the hosts' network.
 */
function nameTheEdge(host: HostName) {
  const dir = `/etc/netns/${namespaceOf(host)}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/hosts`, `${addressOf('edge')} localhost\n127.0.0.1 ${host}\n`);
}

/**
 * Makes the hosts afresh (after removing what an earlier run left): the switch namespace with its bridge, and
 * for each host a namespace, a veth pair (`eth0` in the host, its port on the bridge), the host's address and
 * its loopback up. No route but the subnet's own.
 */
export function makeHosts() {
  removeHosts();
  try {
    run(['ip', 'netns', 'add', SWITCH]);
    run(['ip', '-n', SWITCH, 'link', 'add', 'br0', 'type', 'bridge']);
    run(['ip', '-n', SWITCH, 'link', 'set', 'br0', 'up']);
    for (const host of HOST_NAMES) {
      const ns = namespaceOf(host);
      run(['ip', 'netns', 'add', ns]);
      run(['ip', '-n', ns, 'link', 'set', 'lo', 'up']);
      // Both ends made inside the host's namespace, then one moved to the switch: never an interface on the machine.
      run(['ip', '-n', ns, 'link', 'add', 'eth0', 'type', 'veth', 'peer', 'name', portOf(host)]);
      run(['ip', '-n', ns, 'link', 'set', portOf(host), 'netns', SWITCH]);
      run(['ip', '-n', SWITCH, 'link', 'set', portOf(host), 'master', 'br0', 'up']);
      run(['ip', '-n', ns, 'addr', 'add', `${addressOf(host)}/24`, 'dev', 'eth0']);
      run(['ip', '-n', ns, 'link', 'set', 'eth0', 'up']);
    }
    nameTheEdge('client');
  } catch (error) {
    removeHosts();
    throw error;
  }
}

/** The nftables table each host's faults live in. */
const FAULT_TABLE = 'portal_faults';

export type Direction = 'both' | 'in' | 'out';

/**
 * `host` drops packets silently (no reset, no ICMP): in `both` directions it is a machine that stopped
 * answering; `in` it sends but hears nothing, `out` it hears but nobody hears it. `peers` limits the silence to
 * those hosts (a partition: an app host cut off from the data hosts only, say); by default it is toward all.
 */
export function silence(host: HostName, direction: Direction = 'both', peers?: HostName[]) {
  const match = (field: 'saddr' | 'daddr') =>
    peers ? `ip ${field} { ${peers.map(addressOf).join(', ')} } ` : `ip ${field} ${HOSTS_SUBNET}.0/24 `;
  const rules = [
    `table inet ${FAULT_TABLE} {`,
    `  chain input { type filter hook input priority -10; policy accept;`,
    direction !== 'out' ? `    ${match('saddr')}drop` : '',
    '  }',
    `  chain output { type filter hook output priority -10; policy accept;`,
    direction !== 'in' ? `    ${match('daddr')}drop` : '',
    '  }',
    '}',
  ];
  heal(host);
  run([...onHost(host), 'nft', '-f', '-'], rules.join('\n'));
}

/** Removes `host`'s drop rules (a no-op when it has none). */
export function heal(host: HostName) {
  spawnSync('ip', ['netns', 'exec', namespaceOf(host), 'nft', 'delete', 'table', 'inet', FAULT_TABLE], {
    stdio: 'ignore',
  });
}

/** `host`'s cable pulled (`down`) or plugged back (`up`): its port on the switch. */
export function link(host: HostName, state: 'up' | 'down') {
  run(['ip', '-n', SWITCH, 'link', 'set', portOf(host), state]);
}
