import { setTimeout as sleep } from 'node:timers/promises';
/**
 * What `npm run start:cluster` does when a part of the cluster exits on its own (ADR 230): it says so and starts
 * it again after a delay that doubles while the part keeps failing (0.5 s, 1 s, 2 s, … 30 s at most), and that
 * starts again from 0.5 s once the part has stayed up for a minute.
 */
import type { ChildProcess } from 'node:child_process';

export interface SupervisedPart {
  name: string;
  /** The part's running process, watched for an exit nobody asked for. */
  child(): ChildProcess | undefined;
  /** Starts the part again after it exited; resolves once it answers. */
  restart(): Promise<void>;
  /** Whether an exit is the caller's own doing (a rolling restart or the stop): then nothing is restarted. */
  expected?(): boolean;
}

export interface SupervisorTiming {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Up this long, a part's next failure is its first again. */
  stableMs: number;
}

export const SUPERVISOR_TIMING: SupervisorTiming = { firstDelayMs: 500, maxDelayMs: 30_000, stableMs: 60_000 };

export function createSupervisor(report: (line: string) => void, timing: SupervisorTiming = SUPERVISOR_TIMING) {
  let stopped = false;

  function watch(part: SupervisedPart) {
    let failures = 0;
    let upSince = Date.now();
    let watched: ChildProcess | undefined;

    const attach = () => {
      const child = part.child();
      if (!child || child === watched) return;
      watched = child;
      upSince = Date.now();
      const exited = (code: number | null, signal: NodeJS.Signals | null) => {
        if (stopped || part.expected?.() || watched !== child) return;
        void recover(signal ?? `code ${code}`);
      };
      // A process that is already gone (it died before it was watched) is recovered at once.
      if (child.exitCode !== null || child.signalCode !== null) exited(child.exitCode, child.signalCode);
      else child.once('exit', exited);
    };

    async function recover(how: string) {
      if (Date.now() - upSince > timing.stableMs) failures = 0;
      for (;;) {
        const delay = Math.min(timing.firstDelayMs * 2 ** failures, timing.maxDelayMs);
        failures++;
        report(`${part.name} exited (${how}); starting it again in ${delay} ms`);
        await sleep(delay);
        if (stopped) return;
        try {
          await part.restart();
          attach();
          report(`${part.name} is back`);
          return;
        } catch (error) {
          how = `did not start: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }

    attach();
    /** After the caller replaced the part's process itself (a rolling restart): watch the new one. */
    return { rewatch: attach };
  }

  return {
    watch,
    /** From now on every exit is expected: the cluster is stopping. */
    stop() {
      stopped = true;
    },
  };
}
