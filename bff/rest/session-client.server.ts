import { redirect } from '@remix-run/node';
import type { Logger } from '../log.server';
import type { RequestSession } from '../session/session.server';
import type { Send, SendInput } from './client.server';
import { contract, type CallName, type CallResult } from '#contract';
import { isUpstreamError, toErrorPage } from './errors.server';

type CallInput<N extends CallName> = Omit<SendInput<N>, 'token' | 'signal' | 'log'>;
export type Call = <N extends CallName>(name: N, input?: CallInput<N>) => Promise<CallResult<N>>;

/**
 * Binds the upstream client to one request's session: sends the auth token, renews it once on a 401, and maps
 * failures to what the page shows (docs/architecture.md §6). A failed read becomes the error page, so loaders let it
 * propagate; a failed mutation is thrown as the UpstreamError itself, for its action to show on the form. GET results are shared within the request, and any
 * mutation drops them, so one request never makes the same read twice.
 */
export function createSessionCall(deps: {
  send: Send;
  session: RequestSession;
  signal?: AbortSignal;
  log?: Logger;
}): Call {
  const { send, session, signal, log } = deps;
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
      return await withSession(name, input);
    } catch (error) {
      // A failed mutation goes back to its action, which keeps what the user submitted (forms.server.ts).
      if (!isUpstreamError(error) || contract[name].method !== 'GET') throw error;
      throw toErrorPage(error);
    }
  }

  return function call(name, input = {}) {
    if (contract[name].method !== 'GET') {
      reads.clear();
      return mapped(name, input);
    }
    const key = `${name}?${JSON.stringify(input.query ?? {})}`;
    let read = reads.get(key) as Promise<CallResult<typeof name>> | undefined;
    if (!read) {
      read = mapped(name, input);
      reads.set(key, read);
      read.catch(() => reads.delete(key));
    }
    return read;
  };
}
