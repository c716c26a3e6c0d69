import { findEvent } from '../db/dictation';
import { registerUser } from '../db/dictation-registration';
import { invitationMessage } from '../dictation/invitation-mail';
import { sendMail } from '../db/outbox';
import { findUserById, hasConfirmedEmail } from '../db/users';
import type { CallRegistrar } from '../http/calls';
import { fail } from '../http/envelope';
import type { Services } from '../services';
import { formatMoscowDateTime } from '#shared/moscow-time';
import { minutes } from '#shared/time';

/**
 * Registering for a dictation: from the opening of registration to the end of writing — on the day
 * itself too, so a newcomer can still write — on the upstream's clock; a new registration mails the personal link
 * to the profile's address (the demo outbox holds it).
 */
export function registerDictationRegistrationRoute(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  calls.authenticated('registerForDictation', ({ session, body }) => {
    const time = now();
    const event = findEvent(db, body.eventId);
    if (!event) throw fail(404, 'not_found', 'Диктант не найден', 'eventId');
    if (time < event.registration_opens_at) {
      throw fail(
        409,
        'registration_not_open',
        `Регистрация откроется ${formatMoscowDateTime(event.registration_opens_at)}.`,
      );
    }
    if (time >= event.writing_closes_at) {
      throw fail(409, 'registration_closed', `Регистрация закрылась ${formatMoscowDateTime(event.writing_closes_at)}.`);
    }
    const user = findUserById(db, session.userId)!;
    const registration = registerUser(
      db,
      { userId: user.id, eventId: event.id, timeLimitMs: minutes(event.time_limit_minutes), mailedTo: user.email },
      time,
    );
    // Only a confirmed address gets the personal link (ADR 215); the cabinet shows it either way.
    if (registration.code && hasConfirmedEmail(user)) {
      const link = `${services.portalOrigin}/dictation/${registration.code}`;
      sendMail(db, { ...invitationMessage(user.email, event, link), kind: 'invitation', userId: user.id }, time);
    }
    return { participationId: registration.participationId, alreadyRegistered: registration.code === null };
  });
}
