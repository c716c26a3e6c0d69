import type { z } from 'zod';
import { accountCalls } from './account';
import { analyticsCalls } from './analytics';
import { scenariosCalls } from './scenarios';
import { webinarsCalls } from './webinars';
import { bannersCalls } from './banners';
import { tenderCalls } from './tender';
import { weekCalls } from './week';
import { dictationCalls } from './dictation';
import { testingCalls } from './testing';
import { lawWeekCalls } from './law-week';
import { authorQuestionsCalls } from './author-questions';
import { supportCalls } from './support';
import { repliesCalls } from './replies';
import { certificatesCalls } from './certificates';

/**
 * The /rest contract, shared by the BFF (which parses every response with it), the reference upstream (which
 * validates its inputs and outputs with it), the tests and the benchmarks. It imports nothing but zod: every
 * other part of the project depends on it, and it on none of them. The provider gives paths and methods;
 * bodies and results are defined here, once (docs/product.md; ADR 206).
 */
export const contract = {
  ...accountCalls,
  ...analyticsCalls,
  ...scenariosCalls,
  ...webinarsCalls,
  ...bannersCalls,
  ...weekCalls,
  ...tenderCalls,
  ...dictationCalls,
  ...testingCalls,
  ...lawWeekCalls,
  ...authorQuestionsCalls,
  ...supportCalls,
  ...repliesCalls,
  ...certificatesCalls,
} as const;

export * from './define';
export * from './scenarios';
export { profile, role, popupName, loginResult, refreshResult, type Profile } from './account';
export { banner, type Banner } from './banners';
export { type WatchCertificate } from './webinars';
export { weekDay, type SavedDayLink, type WeekDay } from './week';
export { type SentQuestion } from './tender';
export * from './dictation';
export * from './testing';
export * from './law-week';
export * from './author-questions';
export * from './support';
export * from './replies';
export * from './certificates';

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallQuery<N extends CallName> = z.input<Contract[N]['query']>;
export type CallBody<N extends CallName> = z.input<Contract[N]['body']>;
export type CallResult<N extends CallName> = z.output<Contract[N]['result']>;
