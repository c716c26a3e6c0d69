import type { Logger } from '../log.server';
import type { RequestSession } from '../session/session.server';
import { analyticsCalls } from './analytics.server';
import { authCalls } from './auth.server';
import type { Send } from './client.server';
import { profileCalls } from './profile.server';
import { createSessionCall } from './session-client.server';
import { webinarsCalls } from './webinars.server';

/** The per-request /rest client on the loader context: `context.rest.<domain>.<call>()`. */
export function createRestClient(deps: { send: Send; session: RequestSession; signal?: AbortSignal; log?: Logger }) {
  const call = createSessionCall(deps);
  return {
    auth: authCalls(call),
    profile: profileCalls(call),
    analytics: analyticsCalls(call),
    webinars: webinarsCalls(call),
  };
}

export type RestClient = ReturnType<typeof createRestClient>;
