import type { Config } from '../config.server';
import { redactUrl, type Logger } from '../log.server';
import type { Metrics } from '../metrics.server';
import {
  contract,
  envelope,
  VERSION_HEADER,
  type CallBody,
  type CallName,
  type CallQuery,
  type CallResult,
} from '#contract';
import { UpstreamError } from './errors.server';
import { backoffDelay, isRetryableStatus, sleep } from './retry.server';

export interface SendInput<N extends CallName> {
  query?: CallQuery<N>;
  body?: CallBody<N>;
  /** The session's auth token (or, for `refresh`, nothing: the refresh token is in the query). */
  token?: string | null;
  /**
   * The incoming request's signal, aborted when the client goes away or the request's deadline for upstream work
   * passes: the attempt under way is cancelled, and no retry starts.
   */
  signal?: AbortSignal;
  /** The incoming request's logger, so upstream lines carry its request id. */
  log?: Logger;
}

export type Send = <N extends CallName>(name: N, input?: SendInput<N>) => Promise<CallResult<N>>;

/**
 * The one way to talk to /rest: builds the request from the contract, parses the envelope and result with it,
 * retries GETs while the request's signal allows, and turns every failure into an UpstreamError. Stateless: safe
 * to share across requests.
 */
export function createUpstreamClient(deps: {
  config: Pick<Config, 'rest'>;
  log: Logger;
  fetch?: typeof fetch;
  metrics?: Metrics;
}): Send {
  const { timeoutMs, retry } = deps.config.rest;
  const doFetch = deps.fetch ?? fetch;

  return async function send(name, input = {}) {
    const def = contract[name];
    const query = def.query.parse(input.query ?? {}) as Record<string, string>;
    const { url, headers } = upstreamRequest(deps.config.rest, def.path, input.token, 'application/json', query);
    const body = input.body === undefined ? undefined : JSON.stringify(def.body.parse(input.body));
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const log = input.log ?? deps.log;
    const attempts = def.method === 'GET' ? 1 + retry.attempts : 1;
    /** Why the last attempt got no answer, for the metrics: its own timeout, or the request's signal. */
    let aborted: 'timeout' | 'cancelled' | null = null;
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      aborted = null;
      const outcome = await attemptOnce();
      const ms = Math.round(performance.now() - started);
      deps.metrics?.upstreamCall(name, outcome instanceof UpstreamError ? (aborted ?? outcome.failure) : 'ok', started);
      if (!(outcome instanceof UpstreamError)) {
        log.debug({ call: name, ms }, 'upstream call');
        return outcome;
      }
      const retryable = attempt < attempts && isRetryableStatus(outcome.status) && !input.signal?.aborted;
      log[outcome.failure === 'rejected' ? 'info' : 'warn'](
        {
          call: name,
          url: redactUrl(url),
          failure: outcome.failure,
          status: outcome.status,
          // The code (as `reason`: `code` is a redacted key) and field only: a message may quote what the user typed.
          errors: outcome.errors.map(({ code, field }) => ({ reason: code, field })),
          ms,
          attempt,
        },
        retryable ? 'upstream call failed, retrying' : 'upstream call failed',
      );
      if (!retryable) throw outcome;
      // The deadline may pass during the backoff: the failure seen so far is the answer (a timeout: the 504 page).
      await sleep(backoffDelay(retry, attempt, outcome.retryAfter), input.signal).catch(() => {
        throw outcome;
      });
    }

    async function attemptOnce(): Promise<CallResult<typeof name> | UpstreamError> {
      let response: Response;
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const signals = [timeout, input.signal].filter((s): s is AbortSignal => !!s);
        response = await doFetch(url, {
          method: def.method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.any(signals),
        });
      } catch {
        aborted = input.signal?.aborted ? 'cancelled' : timeout.aborted ? 'timeout' : null;
        return new UpstreamError('unavailable', name, null);
      }
      const fail = (failure: UpstreamError['failure'], errors: UpstreamError['errors'] = []) =>
        new UpstreamError(failure, name, response.status, errors, response.headers.get('Retry-After'));

      // Redirects are never followed: the upstream has no business sending the portal elsewhere.
      if (response.status >= 300 && response.status < 400) return fail('malformed');
      if (response.status === 401) return fail('unauthorized');
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        return fail(response.ok ? 'malformed' : 'status');
      }
      const parsed = envelope.safeParse(json);
      if (!parsed.success) return fail(response.ok ? 'malformed' : 'status');
      if (!parsed.data.success) {
        if (parsed.data.errors.length > 0 && response.status < 500) return fail('rejected', parsed.data.errors);
        return fail(response.ok ? 'malformed' : 'status', parsed.data.errors);
      }
      if (!response.ok) return fail('status');
      const result = def.result.safeParse(parsed.data.result);
      if (!result.success) return fail('malformed');
      return result.data as CallResult<typeof name>;
    }
  };
}

/**
 * Where and how the portal asks the upstream anything, a /rest call or a file: the path under `REST_API_URL`,
 * the query, the session's `token` when there is one, and the version header.
 */
export function upstreamRequest(
  rest: Pick<Config['rest'], 'baseUrl' | 'version'>,
  path: string,
  token: string | null | undefined,
  accept: string,
  query: Record<string, string> = {},
) {
  const url = new URL(path.replace(/^\//, ''), ensureTrailingSlash(rest.baseUrl));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (token) url.searchParams.set('token', token);
  const headers: Record<string, string> = { Accept: accept, [VERSION_HEADER]: rest.version };
  return { url, headers };
}

function ensureTrailingSlash(url: URL): URL {
  return url.pathname.endsWith('/') ? url : new URL(`${url.href}/`);
}
