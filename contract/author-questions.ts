import { z } from 'zod';
import { call, noBody, noQuery } from './define';

/**
 * Questions to the authors of the portal's materials (ADR 235): a user asks on a topic, the authors take the
 * question into work and answer it on the portal. Each user sees only their own questions.
 */

export const AUTHOR_QUESTION_MIN = 20;
export const AUTHOR_QUESTION_MAX = 2000;
/** Questions not yet answered that one user may have at a time, so the authors are not flooded. */
export const AUTHOR_QUESTIONS_OPEN_MAX = 5;

const slug = z.string().regex(/^[a-z0-9-]{1,40}$/);
const instant = z.string().datetime({ offset: true });

export const questionTopic = z.object({ slug, title: z.string().min(1) });
export type QuestionTopic = z.infer<typeof questionTopic>;

export const AUTHOR_QUESTION_STATUSES = ['sent', 'in_work', 'answered'] as const;

export const authorQuestion = z.object({
  id: z.number().int().positive(),
  topic: questionTopic,
  text: z.string(),
  status: z.enum(AUTHOR_QUESTION_STATUSES),
  askedAt: instant,
  answer: z.object({ text: z.string(), author: z.string(), answeredAt: instant }).nullable(),
  /** The authors changed it (an answer, a status) since the user last saw it (ADR 235). */
  unseen: z.boolean(),
});
export type AuthorQuestion = z.infer<typeof authorQuestion>;

export const authorQuestionsCalls = {
  authorQuestionsList: call({
    method: 'GET',
    path: '/rest/author-questions/list/',
    query: noQuery,
    body: noBody,
    /** The topics to ask on, and the user's questions, newest first. */
    result: z.object({ topics: z.array(questionTopic), questions: z.array(authorQuestion) }),
    auth: 'required',
    extension: true,
  }),
  putAuthorQuestion: call({
    method: 'POST',
    path: '/rest/author-questions/',
    query: noQuery,
    body: z.object({
      topic: slug,
      text: z.string().trim().min(AUTHOR_QUESTION_MIN).max(AUTHOR_QUESTION_MAX),
    }),
    result: authorQuestion,
    auth: 'required',
    extension: true,
  }),
} as const;
