import { z } from 'zod';
import { call, fileRef, noBody, noQuery } from './define';

/** Banners of the home pages (`/` and `/lk`): the provider's banners list (ADR 234). */

/** The analytics code a followed banner is counted by (the transition call accepts the same characters). */
const bannerCode = z.string().regex(/^[\w-]{1,64}$/);

export const banner = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  text: z.string(),
  image: fileRef,
  /** Where the banner leads: an absolute http(s) address or a path on the portal. */
  link: z.string().refine((link) => /^https?:\/\/[^/\\]/i.test(link) || /^\/(?![/\\])/.test(link), {
    message: 'the link must be an http(s) address or a path of the portal',
  }),
  code: bannerCode,
});
export type Banner = z.infer<typeof banner>;

export const bannersCalls = {
  bannersList: call({
    method: 'GET',
    path: '/rest/banners/list/',
    query: noQuery,
    body: noBody,
    result: z.object({ items: z.array(banner) }),
    auth: 'optional',
    shared: true,
  }),
} as const;
