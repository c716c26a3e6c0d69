import { z } from 'zod';
import { call, noBody, noQuery } from './define';

/**
 * Hearing back (ADR 235): how many author questions and support requests staff changed (an answer, a reply, a
 * new status) since the user last looked, and the read receipt the page sends once it has shown them.
 */

export const REPLY_SECTIONS = ['author-questions', 'support'] as const;
export type ReplySection = (typeof REPLY_SECTIONS)[number];

const count = z.number().int().nonnegative();
export const unseenReplies = z.object({ authorQuestions: count, support: count });
export type UnseenReplies = z.infer<typeof unseenReplies>;

export const repliesCalls = {
  unseenReplies: call({
    method: 'GET',
    path: '/rest/replies/unseen/',
    query: noQuery,
    body: noBody,
    result: unseenReplies,
    auth: 'required',
    extension: true,
  }),
  /**
   * Marks seen the items of one section the page has just shown as new: by id, so a reply that arrives between
   * the page's read and this call stays new. Unknown or other users' ids change nothing.
   */
  markRepliesSeen: call({
    method: 'POST',
    path: '/rest/replies/seen/',
    query: noQuery,
    body: z.object({
      section: z.enum(REPLY_SECTIONS),
      ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100),
    }),
    result: unseenReplies,
    auth: 'required',
    extension: true,
  }),
} as const;
