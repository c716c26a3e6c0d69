import type { Logger } from '../log.server';
import type { Metrics } from '../metrics.server';

/**
 * A promise that fails with no handler is a defect, not a reason to drop every request under way (ADR 219): it is
 * logged at error level with what failed and the requests in flight, counted, and the process keeps serving. An
 * uncaught exception is another matter (state may be half-changed) and keeps Node's default: the process exits
 * and its supervisor starts a fresh one.
 */
export function keepServingOnUnhandledRejection(deps: {
  log: Logger;
  metrics: Pick<Metrics, 'unhandledRejection'>;
  openRequests: () => unknown[];
  target?: Pick<NodeJS.Process, 'on'>;
}) {
  const { log, metrics, openRequests, target = process } = deps;
  target.on('unhandledRejection', (reason: unknown) => {
    metrics.unhandledRejection();
    log.error(
      { ...describeReason(reason), requests: openRequests() },
      'unhandled promise rejection (a defect): logged, the process keeps serving',
    );
  });
}

/**
 * What failed, without the value itself: a thrown response's status; an error as `err`, which the logger serializes
 * with its secrets masked.
 */
export function describeReason(reason: unknown) {
  if (reason instanceof Error) return { err: reason };
  if (typeof reason === 'object' && reason !== null) {
    const { type, init, status } = reason as { type?: unknown; init?: { status?: unknown }; status?: unknown };
    // A Remix `data()` or Response thrown from a loader: its status is what the page would have shown.
    if (type === 'DataWithResponseInit') return { response: init?.status ?? null };
    if (reason instanceof Response) return { response: status };
    return { kind: Object.prototype.toString.call(reason) };
  }
  return { kind: typeof reason };
}
