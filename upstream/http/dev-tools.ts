import { z } from 'zod';
import { listMessages, writeMessage } from '../db/outbox';
import { createPass } from '../db/passes';
import { findUserByEmail } from '../db/users';
import type { Services, UpstreamApp } from '../services';
import { fail } from './envelope';
import { outboxPage, wantsPage } from './outbox-page';

const passRequest = z.object({
  email: z.string().trim().toLowerCase().email(),
  /** Accepted and not used: the link points at the configured portal origin, as every mailed link does. */
  portalOrigin: z.string().optional(),
});

/**
 * Stand-ins for things that happen outside the provider's API in real life (reading mail, an operator sending a
 * sign-in link) and counters for tests. Mounted only when explicitly enabled, never in production.
 */
export function registerDevTools(app: UpstreamApp, services: Services): void {
  const { db, now, stats } = services;

  app.get('/__dev__/outbox', (c) => {
    const to = c.req.query('to') || undefined;
    const messages = listMessages(db, to);
    if (!wantsPage(c.req.header('Accept'))) return c.json(messages);
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return c.html(outboxPage(messages, to));
  });

  app.post('/__dev__/passes', async (c) => {
    const request = passRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!request.success) throw fail(400, 'validation', request.error.issues.map((i) => i.message).join('; '));
    const user = findUserByEmail(db, request.data.email);
    if (!user) throw fail(404, 'not_found', 'Пользователь не найден', 'email');
    const pass = createPass(db, user, now());
    const link = `${services.portalOrigin}/?pass=${encodeURIComponent(pass)}`;
    writeMessage(db, passMessage(user.email, link), now());
    return c.json({ pass, link });
  });

  app.get('/__dev__/stats', (c) => c.json(stats.snapshot()));
  app.post('/__dev__/stats/reset', (c) => {
    stats.reset();
    return c.json(stats.snapshot());
  });
}

function passMessage(to: string, link: string) {
  return {
    to,
    subject: 'Вход на портал',
    body:
      `Чтобы войти на портал, перейдите по ссылке:\n${link}\n\n` +
      'Ссылка действует 7 дней и работает один раз. Если вы не ждали этого письма, просто проигнорируйте его.',
  };
}
