import type { Server } from 'node:http';
import type { Logger } from '../log.server';
import type { Health } from './health.server';

/** No request for this long after a SIGTERM: the balancer has stopped sending, so the port may close. */
export const SHUTDOWN_QUIET_MS = 2_000;

/**
 * A graceful stop. Returns the signal handler; from the call on, every request the server takes is
 * counted, so that the handler knows when the balancer last sent one.
 *
 * On the signal: readiness fails at once (the balancer's check and a kubelet's probe see 503), and the public port
 * keeps taking what the balancer still sends, each answer with `Connection: close`, until nothing has arrived for
 * SHUTDOWN_QUIET_MS or half the grace period has passed; then the port closes, the requests in flight finish, the
 * shared state closes and the process exits. At the grace period's end it exits whatever is left.
 */
export function gracefulShutdown(
  server: Server,
  options: {
    graceMs: number;
    health: Health;
    log: Logger;
    /** Closes what the process holds (the shared state) once the last request is answered. */
    close: () => Promise<void>;
    exit?: (code: number) => void;
    quietMs?: number;
  },
) {
  const { graceMs, health, log } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const quietMs = options.quietMs ?? SHUTDOWN_QUIET_MS;
  let lastRequestAt = 0;
  server.prependListener('request', (_req, res) => {
    lastRequestAt = Date.now();
    if (health.shuttingDown() && !res.headersSent) res.setHeader('Connection', 'close');
  });

  return (signal: string) => {
    if (health.shuttingDown()) return;
    health.markShuttingDown();
    const since = Date.now();
    log.info({ signal, graceMs }, 'shutting down: not ready, serving what the balancer still sends');
    setTimeout(() => {
      log.warn({ graceMs }, 'grace period over: exiting with requests unfinished');
      exit(0);
    }, graceMs).unref();
    const accepting = setInterval(() => {
      const quiet = Date.now() - lastRequestAt >= quietMs;
      if (!quiet && Date.now() - since < graceMs / 2) return;
      clearInterval(accepting);
      log.info({ ms: Date.now() - since }, 'shutting down: port closed, finishing the requests in flight');
      // A connection whose request was in flight at the signal is kept alive by its answer: closed once idle.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.close(() => {
        clearInterval(idle);
        void options.close().finally(() => exit(0));
      });
      server.closeIdleConnections();
    }, 100);
  };
}
