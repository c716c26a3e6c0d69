import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (ADR 218): one registry per server, made in bff/server/app.server.ts and handed
 * to the seams that count (the upstream client, the read cache, the shared state, the sign-in limits, the
 * dictation save). Each seam calls one method below; no other module knows prom-client.
 *
 * Labels are bounded by the code, never by what a client sends: a Remix route id (not the path), a call name of
 * the contract, a guarded form, an outcome. No user id, login, address, token or path is ever a label.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const seconds = (since: number) => (performance.now() - since) / 1000;

  const httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Requests answered by this instance, by Remix route id (or the handler that answered), method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'portal_http_requests_in_flight',
    help: 'Requests this instance has received and not yet answered.',
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: 'portal_upstream_request_duration_seconds',
    help: 'Attempts of /rest calls (a retried GET counts each attempt), by contract call name and outcome.',
    labelNames: ['call', 'outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'portal_read_cache_lookups_total',
    help: 'Cacheable upstream reads, answered from the read cache (hit) or from the upstream (miss).',
    labelNames: ['result'],
    registers: [registry],
  });
  const redisDuration = new Histogram({
    name: 'portal_redis_command_duration_seconds',
    help: 'Redis commands sent by the shared state, by command and outcome (ok, error).',
    labelNames: ['command', 'outcome'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2],
    registers: [registry],
  });
  const redisConnected = new Gauge({
    name: 'portal_redis_connected',
    help: '1 while the shared state has a ready Redis connection, 0 while it has not (unset with REDIS_URL unset).',
    registers: [registry],
  });
  const standingsElsewhere = new Counter({
    name: 'portal_redis_standing_fallback_total',
    help: 'Signed-in requests whose session standing the primary did not answer (a failover, ADR 229): read from a replica, or served as this instance last read it.',
    labelNames: ['source'],
    registers: [registry],
  });
  const refreshWaits = new Histogram({
    name: 'portal_refresh_wait_duration_seconds',
    help: 'Requests that took another request’s token refresh instead of calling the upstream: in this process, or across instances through Redis.',
    labelNames: ['scope'],
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Attempts on a guarded form refused, by form and reason (limit: over the budget; unavailable: the shared state could not count).',
    labelNames: ['form', 'reason'],
    registers: [registry],
  });
  const dictationSaves = new Counter({
    name: 'portal_dictation_saves_total',
    help: 'Dictation texts sent to the upstream (autosave, form and finish), by outcome (saved, conflict, late, closed, unknown, failed).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const unhandledRejections = new Counter({
    name: 'portal_unhandled_rejections_total',
    help: 'Promises that failed with no handler: each one a defect, logged with the requests in flight (ADR 219).',
    registers: [registry],
  });

  return {
    registry,
    /**
     * Starts timing a request; the returned function records it once its answer has gone out (status null: the
     * client went away first, `aborted`).
     */
    request(): (labels: { route: string; method: string; status: number | null }) => void {
      const started = performance.now();
      const took = () => seconds(started);
      inFlight.inc();
      let ended: number | null = null;
      return ({ route, method, status }) => {
        // The answer's end, not the route's lookup after it, is what the histogram times.
        ended ??= took();
        inFlight.dec();
        const statusClass = status === null ? 'aborted' : `${Math.floor(status / 100)}xx`;
        httpDuration.observe({ route, method: methodLabel(method), status_class: statusClass }, ended);
      };
    },
    upstreamCall(call: string, outcome: string, startedAt: number) {
      upstreamDuration.observe({ call, outcome }, seconds(startedAt));
    },
    cacheLookup(hit: boolean) {
      cacheLookups.inc({ result: hit ? 'hit' : 'miss' });
    },
    redisCommand(command: string, ok: boolean, startedAt: number) {
      redisDuration.observe({ command, outcome: ok ? 'ok' : 'error' }, seconds(startedAt));
    },
    redisStandingFallback(source: 'replica' | 'last_known') {
      standingsElsewhere.inc({ source });
    },
    redisConnected(connected: boolean) {
      redisConnected.set(connected ? 1 : 0);
    },
    refreshWait(scope: 'process' | 'cluster', startedAt: number) {
      refreshWaits.observe({ scope }, seconds(startedAt));
    },
    rateLimitRefusal(form: string, reason: 'limit' | 'unavailable') {
      rateLimited.inc({ form, reason });
    },
    dictationSave(outcome: string) {
      dictationSaves.inc({ outcome });
    },
    unhandledRejection() {
      unhandledRejections.inc();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Node's parser accepts about thirty methods: the rare ones share one label. */
const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');
