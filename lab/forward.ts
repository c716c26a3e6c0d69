/**
 * Forwards, run where they are needed (a namespace: `ip netns exec <ns> node --import tsx lab/forward.ts …`):
 * each argument `listen=>target` (lab/services/forward.ts). Prints `ready` once every one listens.
 */
import { forward } from './services/forward';

for (const pair of process.argv.slice(2)) {
  const [listen, target] = pair.split('=>');
  await forward(listen!, target!);
}
console.log('ready');
