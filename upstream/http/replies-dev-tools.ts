import { z } from 'zod';
import { AUTHOR_QUESTION_STATUSES, SUPPORT_STATUSES } from '#contract';
import { findAuthorQuestion, listAuthorQuestions, updateAuthorQuestion } from '../db/author-questions';
import { sendMail } from '../db/outbox';
import { findSupportRequest, listSupportRequests, updateSupportRequest } from '../db/support';
import { findUserByEmail, findUserById, hasConfirmedEmail } from '../db/users';
import type { Services, UpstreamApp } from '../services';
import { fail } from './envelope';

const text = z.string().trim().min(1).max(5000);

const questionChange = z.union([
  z.object({ answer: text, author: z.string().trim().min(1).max(200).default('Автор материалов') }),
  z.object({ status: z.enum(AUTHOR_QUESTION_STATUSES).exclude(['answered']) }),
]);

const requestChange = z
  .object({ reply: text.optional(), status: z.enum(SUPPORT_STATUSES).optional() })
  .refine((change) => change.reply !== undefined || change.status !== undefined, 'reply or status is required');

async function parse<S extends z.ZodTypeAny>(schema: S, request: Request): Promise<z.output<S>> {
  const parsed = schema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) throw fail(400, 'validation', parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

const idOf = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : 0);

/**
 * What the provider's staff would use to hear a user back: a user's questions and requests (their
 * inbox), answering an author question or changing its status, replying to a support request or changing its
 * status, the reply mailed to the account's own address. Mounted with the other dev tools only, under their guards.
 */
export function registerReplyDevTools(app: UpstreamApp, services: Services): void {
  const { db, now } = services;
  const userOf = (email: string | undefined) => {
    const user = email ? findUserByEmail(db, email.trim().toLowerCase()) : undefined;
    if (!user) throw fail(404, 'not_found', 'Пользователь не найден', 'email');
    return user;
  };

  app.get('/__dev__/author-questions', (c) => c.json(listAuthorQuestions(db, userOf(c.req.query('email')).id)));
  app.get('/__dev__/support', (c) => c.json(listSupportRequests(db, userOf(c.req.query('email')).id)));

  app.post('/__dev__/author-questions/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const change = await parse(questionChange, c.req.raw);
    if (!findAuthorQuestion(db, id)) throw fail(404, 'not_found', 'Вопрос не найден');
    updateAuthorQuestion(
      db,
      id,
      'answer' in change ? { answer: { text: change.answer, author: change.author } } : change,
      now(),
    );
    const question = findAuthorQuestion(db, id)!;
    const user = findUserById(db, question.userId);
    // Replies are mailed to a confirmed address only (ADR 215); the cabinet shows them either way.
    if ('answer' in change && user && hasConfirmedEmail(user)) {
      sendMail(
        db,
        {
          ...answerMessage(user.email, change.answer, linkTo(services, 'author-questions', 'question', id)),
          kind: 'reply',
          userId: user.id,
        },
        now(),
      );
    }
    return c.json(question);
  });

  app.post('/__dev__/support/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const change = await parse(requestChange, c.req.raw);
    const request = findSupportRequest(db, id);
    if (!request) throw fail(404, 'not_found', 'Обращение не найдено');
    const reply = change.reply ?? request.reply;
    updateSupportRequest(
      db,
      id,
      { status: change.status ?? (change.reply ? 'resolved' : request.status), reply },
      now(),
    );
    const user = findUserById(db, request.userId);
    if (change.reply && user && hasConfirmedEmail(user)) {
      sendMail(
        db,
        {
          ...replyMessage(user.email, id, change.reply, linkTo(services, 'support', 'request', id)),
          kind: 'reply',
          userId: user.id,
        },
        now(),
      );
    }
    return c.json(findSupportRequest(db, id));
  });
}

/** The absolute link to one question or request in the cabinet, on the portal's configured origin. */
function linkTo(services: Services, section: 'support' | 'author-questions', anchor: string, id: number): string {
  return `${services.portalOrigin}/lk/${section}#${anchor}-${id}`;
}

function replyMessage(to: string, id: number, reply: string, link: string) {
  return {
    to,
    subject: `Ответ на обращение № ${id}`,
    body: `${reply}\n\nОбращение и ответ есть и в личном кабинете, в разделе «Поддержка»: ${link}`,
  };
}

function answerMessage(to: string, answer: string, link: string) {
  return {
    to,
    subject: 'Авторы ответили на ваш вопрос',
    body: `${answer}\n\nВопрос и ответ есть и в личном кабинете, в разделе «Вопросы автору»: ${link}`,
  };
}
