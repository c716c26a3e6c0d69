import { z } from 'zod';
import { createParticipation, issueCode, listEvents } from '../db/dictation';
import { findUserByEmail } from '../db/users';
import type { Services, UpstreamApp } from '../services';
import { seconds } from '#shared/time';
import { fail } from './envelope';

const invitationRequest = z.object({
  count: z.number().int().min(1).max(1000).default(1),
  /** Whose dictation it is; without one, invitations as mailed to people without an account. */
  email: z.string().trim().toLowerCase().email().optional(),
  /** A shorter limit than the event's, for tests of the time running out. */
  timeLimitSeconds: z.number().int().min(1).max(86_400).optional(),
});

/**
 * Stand-in for the organisers mailing invitations: fresh dictations of the event whose writing is open now, each
 * with its code (tests and the load bench). Mounted with the other dev tools only.
 */
export function registerDictationDevTools(app: UpstreamApp, services: Services): void {
  const { db, now } = services;
  app.post('/__dev__/dictation/invitations', async (c) => {
    const request = invitationRequest.safeParse(await c.req.json().catch(() => ({})));
    if (!request.success) throw fail(400, 'validation', request.error.issues.map((i) => i.message).join('; '));
    const time = now();
    const event = listEvents(db).find((row) => row.writing_opens_at <= time && time < row.writing_closes_at);
    if (!event) throw fail(404, 'not_found', 'Сейчас нет диктанта, открытого для написания');
    const user = request.data.email ? findUserByEmail(db, request.data.email) : null;
    if (request.data.email && !user) throw fail(404, 'not_found', 'Пользователь не найден', 'email');
    const timeLimitMs = seconds(request.data.timeLimitSeconds ?? event.time_limit_minutes * 60);
    const invitations = db.transaction(() =>
      Array.from({ length: request.data.count }, () => {
        const participationId = createParticipation(
          db,
          { eventId: event.id, userId: user?.id ?? null, timeLimitMs },
          time,
        );
        return { participationId, code: issueCode(db, participationId, time) };
      }),
    )();
    return c.json({ invitations });
  });
}
