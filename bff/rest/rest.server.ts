import type { Logger } from '../log.server';
import type { SessionPort } from './session-port';
import { analyticsCalls } from './analytics.server';
import { authCalls } from './auth.server';
import { bannersCalls } from './banners.server';
import type { ReadCache } from './cache.server';
import { certificateCalls } from './certificate.server';
import { dictationCalls } from './dictation.server';
import type { Send } from './client.server';
import { fileCalls, type FetchFile } from './files.server';
import { profileCalls } from './profile.server';
import { scenariosCalls } from './scenarios.server';
import { createSessionCall } from './session-client.server';
import { tenderCalls } from './tender.server';
import { testingCalls } from './testing.server';
import type { Timings } from './timings.server';
import { webinarsCalls } from './webinars.server';
import { weekCalls } from './week.server';
import { lawWeekCalls } from './law-week.server';
import { authorQuestionsCalls } from './author-questions.server';
import { supportCalls } from './support.server';
import { repliesCalls } from './replies.server';
import { certificatesCalls } from './certificates.server';

/** The per-request /rest client on the loader context: `context.rest.<domain>.<call>()`. */
export function createRestClient(deps: {
  send: Send;
  fetchFile: FetchFile;
  session: SessionPort;
  cache: ReadCache;
  timings: Timings;
  /** Aborted when the client goes away: a file keeps streaming as long as the client reads it. */
  signal?: AbortSignal;
  /** Aborted also when the request's budget for upstream calls is spent; `signal` when absent. */
  deadline?: AbortSignal;
  log?: Logger;
  /** The request is for `/` (its document or its data). */
  home?: boolean;
}) {
  const call = createSessionCall({ ...deps, signal: deps.deadline ?? deps.signal });
  return {
    auth: authCalls(call),
    profile: profileCalls(call),
    analytics: analyticsCalls(call),
    scenarios: scenariosCalls(call),
    webinars: webinarsCalls(call),
    files: fileCalls(deps),
    banners: bannersCalls(call),
    certificate: certificateCalls(call),
    week: weekCalls(call),
    tender: tenderCalls(call),
    dictation: dictationCalls(call),
    testing: testingCalls(call),
    lawWeek: lawWeekCalls(call),
    authorQuestions: authorQuestionsCalls(call),
    support: supportCalls(call),
    replies: repliesCalls(call),
    certificates: certificatesCalls(call),
  };
}

export type RestClient = ReturnType<typeof createRestClient>;
