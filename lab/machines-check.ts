/**
 * Whether machines can be booted here (issue 42, ADR 233): makes (or reuses) the Debian tree, boots it with
 * systemd as PID 1 inside a network namespace, and checks that Debian's `redis-server.service` runs and answers;
 * prints how long each step took. Everything it made is removed on exit, and what a killed run left at the start.
 *   npx tsx lab/machines-check.ts        (root; debootstrap and systemd-container installed)
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bootMachine, machinesUnavailable, machineTree, removeMachines } from './services/machines';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const reason = machinesUnavailable();
if (reason) {
  console.error(`machines cannot be booted here: ${reason}`);
  process.exit(1);
}
removeMachines();
process.once('SIGINT', () => {
  removeMachines();
  process.exit(130);
});
const tree = machineTree();
console.log(
  `tree ${tree.dir}: ${tree.madeInMs ? `made by debootstrap in ${seconds(tree.madeInMs)}` : 'there already'}`,
);
const log = path.join(tmpdir(), 'portalm-check.console');
const machine = await bootMachine({ name: 'check', tree: tree.dir, log });
try {
  console.log(
    `booted in ${seconds(machine.bootedInMs)}: ${machine.state}${machine.failed ? `, failed: ${machine.failed}` : ''}`,
  );
  const active = machine.run(['systemctl', 'is-active', 'redis-server.service']).stdout.trim();
  const pong = machine.run(['redis-cli', 'PING']).stdout.trim();
  if (active !== 'active' || pong !== 'PONG') {
    throw new Error(
      `redis-server.service ${active || 'unknown'}, PING answered ${pong || 'nothing'} (console: ${log})`,
    );
  }
  console.log('redis-server.service active, PING answered PONG: machines can be booted here');
} finally {
  await machine.poweroff();
  removeMachines();
}
