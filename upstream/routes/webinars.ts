import { findWebinar, listWebinars, saveHistoryTime } from '../db/webinars';
import type { CallRegistrar } from '../http/calls';
import { fail, notFound } from '../http/envelope';
import type { Services } from '../services';
import { watchCertificateOf } from './earned-certificates';

export function registerWebinarRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  calls.authenticated('webinarsList', ({ session }) => listWebinars(db, session.userId, now()));

  calls.authenticated('webinarById', async ({ session, query }) => {
    const webinar = findWebinar(db, query.id, session.userId);
    if (!webinar) throw notFound();
    return { ...webinar, certificate: await watchCertificateOf(services, session.userId, webinar) };
  });

  calls.authenticated('putHistoryTime', ({ session, body }) => {
    const webinar = findWebinar(db, body.webinarId, session.userId);
    if (!webinar) throw fail(404, 'not_found', 'Мастер-класс не найден', 'webinarId');
    if (webinar.recordingSeconds === null) {
      throw fail(409, 'no_recording', 'У этого мастер-класса пока нет записи', 'webinarId');
    }
    // A player may report a fraction past the end; the stored place stays within the recording.
    const length = webinar.recordingSeconds;
    return saveHistoryTime(
      db,
      {
        userId: session.userId,
        webinarId: webinar.id,
        positionSeconds: Math.min(body.positionSeconds, length),
        watchedSeconds: Math.min(body.watchedSeconds, length),
        recordingSeconds: length,
      },
      now(),
    );
  });
}
