import { z } from 'zod';
import { call, noBody, noQuery } from './define';

/** The tender question (ADR 234): one question per teacher or participant to the contest's organisers. */

const QUESTION_MAX = 2000;

export const sentQuestion = z.object({ text: z.string(), sentAt: z.string().datetime({ offset: true }) });
export type SentQuestion = z.infer<typeof sentQuestion>;

export const tenderCalls = {
  tenderQuestionCheck: call({
    method: 'GET',
    path: '/rest/tender/question/sendcheck',
    query: noQuery,
    body: noBody,
    result: z.object({
      /** Whether the form may be offered now. */
      canAsk: z.boolean(),
      /** Why not: only teachers and participants ask (not staff), and only once. */
      reason: z.enum(['not_allowed', 'already_asked']).nullable(),
      question: sentQuestion.nullable(),
    }),
    auth: 'required',
  }),
  putTenderQuestion: call({
    method: 'POST',
    path: '/rest/tender/question',
    query: noQuery,
    body: z.object({ text: z.string().trim().min(10).max(QUESTION_MAX) }),
    result: sentQuestion,
    auth: 'required',
  }),
} as const;
