/**
 * `npm run cluster:roll`: a rolling restart of the `npm run start:cluster` listening on PORT (3000 by default).
 * It sends that script SIGHUP and waits until the script says how the restart went: exit 0 once every instance
 * was replaced, 1 if it stopped (the script's output says why) or took longer than five minutes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from '../scripts/processes';
import { minutes } from '#shared/time';

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const port = process.env.PORT || '3000';
const pidFile = path.join(root, `data/cluster-${port}.pid`);
const rolledFile = path.join(root, `data/cluster-${port}.rolled`);
if (!existsSync(pidFile)) {
  console.error(`no npm run start:cluster on port ${port} (${path.relative(root, pidFile)} is missing)`);
  process.exit(1);
}
const pid = Number(readFileSync(pidFile, 'utf8'));
rmSync(rolledFile, { force: true });
try {
  process.kill(pid, 'SIGHUP');
} catch {
  console.error(`the cluster script (pid ${pid}) is not running`);
  process.exit(1);
}
console.log(`Перезапуск экземпляров по одному (кластер на порту ${port}, pid ${pid})…`);
for (const deadline = Date.now() + minutes(5); Date.now() < deadline;) {
  await sleep(250);
  if (!existsSync(rolledFile)) continue;
  const outcome = JSON.parse(readFileSync(rolledFile, 'utf8')) as { ok: boolean; error?: string };
  rmSync(rolledFile, { force: true });
  console.log(outcome.ok ? 'Готово: все экземпляры заменены.' : `Перезапуск остановлен: ${outcome.error}`);
  process.exit(outcome.ok ? 0 : 1);
}
console.error('no answer from the cluster script within five minutes');
process.exit(1);
