import { z } from 'zod';
import { call, noBody, noQuery } from './define';

/**
 * Support requests (ADR 235): a user writes to the support team on a topic and follows the request's status and
 * the team's reply, which also goes to the account's own e-mail (ADR 235). Each user sees only their own requests.
 */

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 3000;
/** Requests not yet resolved that one user may have at a time (ADR 235), as for author questions. */
export const SUPPORT_OPEN_MAX = 5;

const slug = z.string().regex(/^[a-z0-9-]{1,40}$/);
const instant = z.string().datetime({ offset: true });

export const supportTopic = z.object({ slug, title: z.string().min(1) });
export type SupportTopic = z.infer<typeof supportTopic>;

export const SUPPORT_STATUSES = ['new', 'in_work', 'resolved'] as const;

/** One message after a request's first: support's reply or the user's answer back (ADR 235). */
export const supportMessage = z.object({ from: z.enum(['user', 'support']), text: z.string(), at: instant });
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportRequest = z.object({
  id: z.number().int().positive(),
  topic: supportTopic,
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: instant,
  updatedAt: instant,
  /** Support's latest reply. */
  reply: z.string().nullable(),
  /** Every message after the first, oldest first: support's replies and the user's answers back (ADR 235). */
  thread: z.array(supportMessage),
  /** Support changed it (a reply, a status) since the user last saw it (ADR 235). */
  unseen: z.boolean(),
});
export type SupportRequest = z.infer<typeof supportRequest>;

export const supportCalls = {
  supportList: call({
    method: 'GET',
    path: '/rest/support/list/',
    query: noQuery,
    body: noBody,
    /** The topics to write on, and the user's requests, newest first. */
    result: z.object({ topics: z.array(supportTopic), requests: z.array(supportRequest) }),
    auth: 'required',
    extension: true,
  }),
  /** 409 `too_many_open` while the user has SUPPORT_OPEN_MAX requests not resolved. */
  putSupportRequest: call({
    method: 'POST',
    path: '/rest/support/',
    query: noQuery,
    body: z.object({
      topic: slug,
      message: z.string().trim().min(SUPPORT_MESSAGE_MIN).max(SUPPORT_MESSAGE_MAX),
    }),
    result: supportRequest,
    auth: 'required',
    extension: true,
  }),
  /**
   * The user answers back on one of their requests (ADR 235), which reopens it («Новое»). 404 `not_found` for a
   * request not theirs; 409 `too_many_open` when reopening a resolved one would pass SUPPORT_OPEN_MAX.
   */
  replySupportRequest: call({
    method: 'POST',
    path: '/rest/support/reply/',
    query: noQuery,
    body: z.object({
      id: z.number().int().positive(),
      message: z.string().trim().min(SUPPORT_MESSAGE_MIN).max(SUPPORT_MESSAGE_MAX),
    }),
    result: supportRequest,
    auth: 'required',
    extension: true,
  }),
} as const;
