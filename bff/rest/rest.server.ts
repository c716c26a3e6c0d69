import type { Logger } from '../log.server';
import type { RequestSession } from '../session/session.server';
import { analyticsCalls } from './analytics.server';
import { authCalls } from './auth.server';
import type { ReadCache } from './cache.server';
import type { Send } from './client.server';
import { fileCalls, type FetchFile } from './files.server';
import { profileCalls } from './profile.server';
import { createSessionCall } from './session-client.server';
import type { Timings } from './timings.server';

/** The per-request /rest client on the loader context: `context.rest.<domain>.<call>()`. */
export function createRestClient(deps: {
  send: Send;
  fetchFile: FetchFile;
  session: RequestSession;
  cache: ReadCache;
  timings: Timings;
  signal?: AbortSignal;
  log?: Logger;
}) {
  const call = createSessionCall(deps);
  return {
    auth: authCalls(call),
    profile: profileCalls(call),
    analytics: analyticsCalls(call),
    files: fileCalls(deps),
  };
}

export type RestClient = ReturnType<typeof createRestClient>;
