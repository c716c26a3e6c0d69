import { z } from 'zod';
import { call, emptyResult, noBody } from './define';

/** The analytics call of the provider's API: a followed link, counted by its code. */
export const analyticsCalls = {
  linkTransition: call({
    method: 'POST',
    path: '/rest/analytics/links/transition/',
    query: z.object({ code: z.string().regex(/^[\w-]{1,64}$/) }),
    body: noBody,
    result: emptyResult,
    auth: 'optional',
  }),
} as const;
