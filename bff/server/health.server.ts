/**
 * What an orchestrator or a balancer asks an instance, answered on the operations listener beside the
 * metrics, never on the public port:
 *
 * - `GET /startupz`: 200 once the instance has loaded its build, listens on its public port and has waited for
 *   Redis once (it starts without it); 503 before. It stays 200 afterwards.
 * - `GET /livez`: 200 whenever the process can answer at all. It never asks Redis or the upstream: a dependency's
 *   outage must not make an orchestrator restart every instance at once.
 * - `GET /readyz`: 200 while the instance should be sent requests: started, not shutting down, Redis answering it
 *   (when it uses Redis: a PING within 1 s from the primary, or through Sentinel from a replica, which is what a
 *   failover's pages are read from; two looks missed in a row, 2 s apart, count as not answering, so a host cut off
 *   from the data hosts, whose connections stay open and silent, leaves the pool) and the upstream answering it (any
 *   HTTP answer; two looks missed in a row, 5 s apart). A dependency that never answered yet counts as not
 *   answering from its first miss. 503 with the reasons otherwise. The balancer asks it.
 * - `GET /readyz/local`: the same without the upstream, for an orchestrator (Kubernetes' readiness probe): an
 *   outage of the provider's API must not stop a rollout or a node's drain, which wait for new pods to be ready.
 *   The balancer still routes away from an instance that alone cannot reach the upstream (ADR 231).
 *
 * A dependency lost by every instance at once fails every readiness: the balancer then sends everything to its
 * fallback backend, checked on `/livez` (scripts/deploy/haproxy-config.ts), so that the public pages keep answering as
 * ADR 228 promises; only an instance that alone lost a dependency leaves the pool.
 */
export type NotReadyReason = 'starting' | 'shutting-down' | 'redis' | 'upstream';

/** How long one look at the upstream counts for: the balancer and a kubelet asking together cost one request. */
export const UPSTREAM_PROBE_KEEP_MS = 5_000;
/** How long the upstream has to answer that look. */
export const UPSTREAM_PROBE_TIMEOUT_MS = 5_000;
/** How long one look at Redis counts for (its own timeout, 1 s, is the shared state's). */
export const REDIS_PROBE_KEEP_MS = 2_000;
/** Looks in a row a dependency must miss before readiness fails: one lost under load is not an outage. */
export const MISSES = 2;

export interface HealthDependencies {
  /** Resolves true while the shared state answers (in memory: always). */
  redisAnswers(): Promise<boolean>;
  /** Resolves true when the upstream answers anything at all over HTTP, false when it does not. */
  upstreamAnswers(): Promise<boolean>;
  now?: () => number;
}

/**
 * A dependency looked at no more than once per `keepMs`, in the background: readiness answers with the last
 * looks' outcome (only the very first check waits for its look), and counts it lost after MISSES in a row; one
 * that never answered yet is lost from its first miss.
 */
function looks(ask: () => Promise<boolean>, keepMs: number, now: () => number) {
  let misses = MISSES - 1;
  let lookedAt = -Infinity;
  let looking: Promise<void> | null = null;
  let looked = false;
  const look = () =>
    (looking ??= ask()
      .catch(() => false)
      .then((answers) => {
        misses = answers ? 0 : misses + 1;
        looked = true;
      })
      .finally(() => (looking = null)));
  return async () => {
    if (now() - lookedAt >= keepMs) {
      lookedAt = now();
      const current = look();
      if (!looked) await current;
    }
    return misses < MISSES;
  };
}

export function createHealth(deps: HealthDependencies) {
  const now = deps.now ?? Date.now;
  let started = false;
  let shuttingDown = false;
  const redisAnswers = looks(deps.redisAnswers, REDIS_PROBE_KEEP_MS, now);
  const upstreamAnswers = looks(deps.upstreamAnswers, UPSTREAM_PROBE_KEEP_MS, now);

  return {
    started: () => started,
    shuttingDown: () => shuttingDown,
    markStarted() {
      started = true;
    },
    /** Readiness fails from now on, for good: the first thing a SIGTERM does. */
    markShuttingDown() {
      shuttingDown = true;
    },
    /**
     * Why the instance should not be sent requests; empty when it should. `upstream: false` leaves the upstream
     * out (and does not look at it): `/readyz/local`.
     */
    async notReady(options: { upstream?: boolean } = {}): Promise<NotReadyReason[]> {
      if (!started) return ['starting'];
      if (shuttingDown) return ['shutting-down'];
      const [redis, upstream] = await Promise.all([
        redisAnswers(),
        options.upstream === false ? true : upstreamAnswers(),
      ]);
      const reasons: NotReadyReason[] = [];
      if (!redis) reasons.push('redis');
      if (!upstream) reasons.push('upstream');
      return reasons;
    },
  };
}

export type Health = ReturnType<typeof createHealth>;

/** The upstream's look: a HEAD of its base URL; any status is an answer, a refused or silent connection is not. */
export function probeUpstream(baseUrl: URL, fetchImpl: typeof fetch = fetch) {
  return async () => {
    try {
      const response = await fetchImpl(baseUrl, {
        method: 'HEAD',
        redirect: 'manual',
        signal: AbortSignal.timeout(UPSTREAM_PROBE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  };
}
