import { redirect } from '@remix-run/node';
import { contract, type CallName, type CallResult } from '#contract';
import type { Logger } from '../log.server';
import type { SessionPort } from './session-port';
import { readKey, type CachePolicy, type ReadCache } from './cache.server';
import type { Send, SendInput } from './client.server';
import { isUpstreamError, toErrorPage } from './errors.server';
import type { Timings } from './timings.server';

type CallInput<N extends CallName> = Omit<SendInput<N>, 'token' | 'signal' | 'log'>;
export interface CallOptions {
  /** How the answer of a read may be cached across requests (cache.server.ts); not cached when absent. */
  cache?: CachePolicy;
}
export type Call = <N extends CallName>(name: N, input?: CallInput<N>, options?: CallOptions) => Promise<CallResult<N>>;

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
}): Call {
  const { send, session, cache, timings, signal, log } = deps;
  const reads = new Map<string, Promise<unknown>>();

  function signedOut() {
    session.signOut();
    return redirect('/');
  }

  async function withSession<N extends CallName>(name: N, input: CallInput<N>) {
    const { auth } = contract[name];
    if (auth === 'none') return send(name, { ...input, signal, log });
    const token = await session.authToken();
    if (!token && auth === 'required') throw signedOut();
    try {
      return await send(name, { ...input, token, signal, log });
    } catch (error) {
      if (!token || !isUpstreamError(error) || error.failure !== 'unauthorized') throw error;
      const renewed = await session.renew(token);
      if (!renewed) throw signedOut();
      try {
        return await send(name, { ...input, token: renewed, signal, log });
      } catch (retryError) {
        if (isUpstreamError(retryError) && retryError.failure === 'unauthorized') throw signedOut();
        throw retryError;
      }
    }
  }

  async function mapped<N extends CallName>(name: N, input: CallInput<N>) {
    try {
      return await timings.time(name, withSession(name, input));
    } catch (error) {
      // A failed mutation goes back to its action, which keeps what the user submitted (forms.server.ts).
      if (!isUpstreamError(error) || contract[name].method !== 'GET') throw error;
      throw toErrorPage(error);
    }
  }

  async function mutate<N extends CallName>(name: N, input: CallInput<N>) {
    reads.clear();
    try {
      return await mapped(name, input);
    } finally {
      // Calls without a session (sign-in, registration) have no user whose reads could be stale.
      if (contract[name].auth !== 'none') await session.changed();
    }
  }

  async function cachedRead<N extends CallName>(name: N, input: CallInput<N>, policy: CachePolicy) {
    // The session's standing is read first, whatever the policy: a revoked or ended session reads no cache.
    const scope = await session.readScope();
    const key = readKey(policy, name, input.query ?? {}, scope?.userId ?? null, scope?.generation ?? null);
    if (key === null) return mapped(name, input);
    const { value, hit } = cache.read(key, () => mapped(name, input));
    if (hit) timings.hit(name);
    return value;
  }

  return function call(name, input = {}, options = {}) {
    if (contract[name].method !== 'GET') return mutate(name, input);
    const key = `${name}?${JSON.stringify(input.query ?? {})}`;
    let read = reads.get(key) as Promise<CallResult<typeof name>> | undefined;
    if (!read) {
      read = options.cache ? cachedRead(name, input, options.cache) : mapped(name, input);
      reads.set(key, read);
      read.catch(() => reads.delete(key));
    }
    return read;
  };
}
