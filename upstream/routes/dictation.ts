import {
  findByCode,
  findEvent,
  findParticipation,
  finishParticipation,
  issueCode,
  listEvents,
  listUserParticipations,
  saveText,
  startParticipation,
  toEvent,
  type ParticipationRow,
} from '../db/dictation';
import { submissionMessage } from '../dictation/submission-mail';
import { acceptsText, statusOf, toSession, toSummary } from '../dictation/participation';
import { reviewText } from '../dictation/review';
import { sendMail } from '../db/outbox';
import { findUserById, hasConfirmedEmail } from '../db/users';
import type { CallRegistrar } from '../http/calls';
import { fail, notFound } from '../http/envelope';
import type { Services } from '../services';
import { certificateFileOf } from './dictation-certificate';
import { readingOf } from './dictation-reading';

/** The dictation's calls. Every rule about time is checked here, on the upstream's clock. */
export function registerDictationRoutes(calls: CallRegistrar, services: Services): void {
  const { db, now } = services;

  const byCode = (code: string) => {
    const row = findByCode(db, code);
    if (!row) throw fail(404, 'invitation_not_found', 'Приглашение не найдено. Проверьте ссылку из письма.', 'code');
    return { row, event: findEvent(db, row.event_id)! };
  };

  /** The text may change: refuses a submitted dictation (410), one not opened (409) and a late text (409). */
  const requireWritable = (row: ParticipationRow, time: number) => {
    const event = findEvent(db, row.event_id)!;
    const status = statusOf(row, event, time);
    if (status === 'submitted' || status === 'checked') {
      if (row.finished_at === null && !acceptsText(row, event, time)) {
        throw fail(409, 'time_over', 'Время вышло: текст, отправленный после окончания, не принят.', 'text');
      }
      throw fail(410, 'invitation_used', 'Этот диктант уже сдан: текст больше не меняется.', 'code');
    }
    if (status !== 'writing') throw fail(409, 'not_started', 'Диктант ещё не открыт по этой ссылке.', 'code');
  };

  calls.open('dictationEvents', () => ({ events: listEvents(db).map((row) => toEvent(row, now())) }));

  // Opening reads only: a mail scanner or a link preview opening the link must not start the clock.
  calls.open('openDictation', ({ body }) => {
    const time = now();
    const { row, event } = byCode(body.code);
    return toSession(row, event, time, readingOf(services, row, event, time));
  });

  calls.open('startDictation', ({ body }) => {
    const time = now();
    const { row, event } = byCode(body.code);
    if (statusOf(row, event, time) === 'invited') {
      if (time < event.writing_opens_at) {
        throw fail(409, 'not_started', 'Диктант ещё не начался: писать можно с начала приёма текстов.', 'code');
      }
      startParticipation(db, row.id, time);
    }
    const started = findParticipation(db, row.id)!;
    return toSession(started, event, time, readingOf(services, started, event, time));
  });

  /**
   * Stores the text, and answers as saved only if the stored text is the one sent: a save at a revision another
   * tab or device already used (or passed) keeps theirs and is refused with 409 \`text_changed\`, never «saved».
   */
  const keepText = (row: ParticipationRow, body: { text: string; revision: number }, time: number) => {
    const stored = saveText(db, row.id, body.text, body.revision, time);
    if (stored.text !== body.text) {
      throw fail(
        409,
        'text_changed',
        'Текст изменён в другой вкладке или на другом устройстве: на сервере сохранён другой текст.',
        'text',
      );
    }
    return stored;
  };

  calls.open('saveDictation', ({ body }) => {
    const time = now();
    const { row } = byCode(body.code);
    requireWritable(row, time);
    const stored = keepText(row, body, time);
    return { revision: stored.revision, savedAt: new Date(stored.saved_at!).toISOString() };
  });

  calls.open('finishDictation', ({ body }) => {
    const time = now();
    const { row } = byCode(body.code);
    requireWritable(row, time);
    keepText(row, body, time);
    const finished = finishParticipation(db, row.id, time);
    // The receipt goes to the account's address once it is confirmed (ADR 215); a dictation written without an
    // account has none to mail.
    const user = finished.user_id === null ? undefined : findUserById(db, finished.user_id);
    if (user && hasConfirmedEmail(user))
      sendMail(
        db,
        {
          ...submissionMessage(user.email, findEvent(db, finished.event_id)!, finished),
          kind: 'receipt',
          userId: user.id,
        },
        time,
      );
    return {
      participationId: finished.id,
      finishedAt: new Date(finished.finished_at!).toISOString(),
      revision: finished.revision,
    };
  });

  const ownParticipation = (userId: number, id: number, field?: string) => {
    const row = findParticipation(db, id);
    if (!row || row.user_id !== userId) throw field ? fail(404, 'not_found', 'Диктант не найден', field) : notFound();
    return { row, event: findEvent(db, row.event_id)! };
  };

  calls.authenticated('myDictations', ({ session }) => {
    const time = now();
    return {
      dictations: listUserParticipations(db, session.userId).map((row) =>
        toSummary(row, findEvent(db, row.event_id)!, time),
      ),
    };
  });

  calls.authenticated('myDictationById', async ({ session, query }) => {
    const time = now();
    const { row, event } = ownParticipation(session.userId, query.id);
    const summary = toSummary(row, event, time);
    const checked = summary.status === 'checked';
    return {
      ...summary,
      text: row.text,
      review: checked ? reviewText(event.reference_text, row.text) : null,
      certificate: checked ? await certificateFileOf(services, row, event) : null,
      gradedCertificate: checked ? await certificateFileOf(services, row, event, 'with-grade') : null,
    };
  });

  calls.authenticated('issueDictationCode', ({ session, body }) => {
    const time = now();
    const { row, event } = ownParticipation(session.userId, body.id, 'id');
    const status = statusOf(row, event, time);
    if (status !== 'invited' && status !== 'writing') {
      throw fail(409, 'not_writable', 'Этот диктант уже нельзя написать.', 'id');
    }
    return { code: issueCode(db, row.id, time) };
  });
}
