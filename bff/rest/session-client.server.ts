import { contract, type CallName, type CallResult } from '#contract';
import type { Logger } from '../log.server';
import type { SessionPort } from './session-port';
import { readKey, type CachePolicy, type ReadCache } from './cache.server';
import type { Send, SendInput } from './client.server';
import { isUpstreamError, toErrorPage, UpstreamError } from './errors.server';
import { sessionPath, type Settled } from './session-path.server';
import type { Timings } from './timings.server';

type CallInput<N extends CallName> = Omit<SendInput<N>, 'token' | 'signal' | 'log'>;
/** The reads whose answer the contract says is the same for every caller: only they may be `shared`. */
type SharedCall = { [N in CallName]: (typeof contract)[N]['shared'] extends true ? N : never }[CallName];
export interface CallOptions<N extends CallName = CallName> {
  /** How the answer of a read may be cached across requests (cache.server.ts); not cached when absent. */
  cache?: N extends SharedCall ? CachePolicy : 'user';
}
/** A call the upstream refused for its token (401). */
const isRefusal = (outcome: Settled<unknown>) =>
  'error' in outcome && isUpstreamError(outcome.error) && outcome.error.failure === 'unauthorized';

export type Call = <N extends CallName>(
  name: N,
  input?: CallInput<N>,
  options?: CallOptions<N>,
) => Promise<CallResult<N>>;

/**
 * Binds the upstream client to one request's session: sends the auth token, renews it once on a 401, and maps
 * failures to what the page shows (docs/architecture.md §6). A failed read becomes the error page, so loaders
 * let it propagate; a failed mutation is thrown as the UpstreamError itself, for its action to show on the form.
 * Reads are shared within the request, and across requests through the read cache when their domain module
 * names a policy; any mutation drops this request's reads and the user's cached ones. Every call is timed for
 * the response's Server-Timing header.
 */
export function createSessionCall(deps: {
  send: Send;
  session: SessionPort;
  cache: ReadCache;
  timings: Timings;
  signal?: AbortSignal;
  log?: Logger;
  /** The request is for `/` (its document or its data), where a 401's redirect to `/` would loop. */
  home?: boolean;
}): Call {
  const { send, session, cache, timings, log } = deps;
  const reads = new Map<string, Promise<unknown>>();
  const path = sessionPath(session);

  async function withSession<N extends CallName>(name: N, input: CallInput<N>, signal = deps.signal) {
    const { auth } = contract[name];
    if (auth === 'none') return send(name, { ...input, signal, log });
    return path.run(auth, (token) => send(name, { ...input, token, signal, log }), isRefusal);
  }

  /**
   * The error page of a failed read; a failed mutation goes back to its action, which keeps what was typed. A read
   * refused with 401 goes to `/`: a session whose token was refused has been signed out on the way
   * (session-path.server.ts); a read sent without a token keeps the session.
   */
  async function mapped<N extends CallName>(name: N, work: Promise<CallResult<N>>) {
    try {
      return await work;
    } catch (error) {
      if (!isUpstreamError(error) || contract[name].method !== 'GET') throw error;
      throw toErrorPage(error, { home: deps.home });
    }
  }

  const direct = <N extends CallName>(name: N, input: CallInput<N>) =>
    mapped(name, timings.time(name, withSession(name, input)));

  async function mutate<N extends CallName>(name: N, input: CallInput<N>) {
    reads.clear();
    try {
      return await direct(name, input);
    } finally {
      // Calls without a session (sign-in, registration) have no user whose reads could be stale.
      if (contract[name].auth !== 'none') await session.changed();
    }
  }

  async function cachedRead<N extends CallName>(name: N, input: CallInput<N>, policy: CachePolicy) {
    // The session's standing is read first, whatever the policy: a revoked or ended session reads no cache.
    const scope = await session.readScope();
    const shared = policy === 'shared' && contract[name].shared === true;
    const key = readKey(
      shared ? 'shared' : 'user',
      name,
      input.query ?? {},
      scope?.userId ?? null,
      scope?.generation ?? null,
    );
    if (key === null) return direct(name, input);
    // The read runs under its own signal (cache.server.ts), so a request that gives up takes it down for no one.
    // A shared read carries nobody's token: the contract says its answer is the same for every caller.
    const load = shared
      ? (own: AbortSignal) => send(name, { ...input, signal: own, log })
      : (own: AbortSignal) => withSession(name, input, own);
    const { value, hit } = cache.read(key, load, deps.signal);
    const waited = value.catch((error: unknown) => {
      // This request's own deadline passed, or its visitor went away: the 504 page, for this request only.
      throw isUpstreamError(error) || !deps.signal?.aborted ? error : new UpstreamError('unavailable', name, null);
    });
    // Whether another visitor made the same shared read a moment ago is theirs to know, not this one's (issue 25).
    if (shared) timings.shared(name);
    else if (hit) timings.hit(name);
    return mapped(name, shared || hit ? waited : timings.time(name, waited));
  }

  return function call(name, input = {}, options = {}) {
    if (contract[name].method !== 'GET') return mutate(name, input);
    const key = `${name}?${JSON.stringify(input.query ?? {})}`;
    let read = reads.get(key) as Promise<CallResult<typeof name>> | undefined;
    if (!read) {
      read = options.cache ? cachedRead(name, input, options.cache) : direct(name, input);
      reads.set(key, read);
      read.catch(() => reads.delete(key));
    }
    return read;
  };
}
