import { z } from 'zod';
import { earnedCertificate } from './certificates';
import { call, fileRef, noBody, noQuery } from './define';

/**
 * Master classes (the provider's `webinars`: docs/architecture.md §12) and the viewer's place in their recordings. Both reads carry the signed-in user's
 * progress, so they need the session; the history-time call stores that progress (ADR 236).
 */

const id = z.coerce.number().int().positive();
/** Whole seconds into a recording; a day is far beyond any master class. */
const secondsInto = z.number().int().min(0).max(86_400);

/** The viewer's place in a recording: where playback stopped and how much of it was watched. */
const webinarProgress = z.object({
  positionSeconds: secondsInto,
  watchedSeconds: secondsInto,
  updatedAt: z.string().datetime(),
});

const webinarSummary = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  /** Start of the broadcast (UTC, ISO 8601); the portal shows it in Moscow time. */
  startsAt: z.string().datetime(),
  durationMinutes: z.number().int().positive(),
  speakers: z.array(z.object({ name: z.string().min(1), position: z.string() })),
  participantsCount: z.number().int().nonnegative(),
  /** Length of the recording, once there is one. */
  recordingSeconds: z.number().int().positive().nullable(),
  progress: webinarProgress.nullable(),
});

/**
 * The certificate for watching the recording (ADR 238). What counts is the upstream's own tally, not the furthest
 * point a player claims: each report adds at most the real time since the one before, and never more than one
 * report's worth, so a claimed jump to the end counts for little.
 */
const watchCertificate = z.object({
  /** Seconds of the recording to be counted before the certificate is given (80 % of its length, rounded up). */
  neededSeconds: z.number().int().positive(),
  /** Seconds counted so far, at most the recording's length. */
  countedSeconds: secondsInto,
  /** The certificate once earned; null before. */
  earned: earnedCertificate.nullable(),
});
export type WatchCertificate = z.infer<typeof watchCertificate>;

const webinarDetail = webinarSummary.extend({
  description: z.string(),
  recording: fileRef.nullable(),
  /** Where the live broadcast is watched (an https address outside the portal), for ones not yet recorded. */
  broadcastUrl: z.string().url().startsWith('https://').nullable(),
  /** Null until there is a recording to watch (or from a provider that gives no such certificate). */
  certificate: watchCertificate.nullable().default(null),
});

export const webinarsCalls = {
  webinarsList: call({
    method: 'GET',
    path: '/rest/webinars/list/',
    query: noQuery,
    body: noBody,
    result: z.object({ upcoming: z.array(webinarSummary), past: z.array(webinarSummary) }),
    auth: 'required',
  }),
  webinarById: call({
    method: 'GET',
    path: '/rest/webinars/by/id/',
    query: z.object({ id }),
    body: noBody,
    result: webinarDetail,
    auth: 'required',
  }),
  putHistoryTime: call({
    method: 'PUT',
    path: '/rest/users/history/time/',
    query: noQuery,
    body: z.object({
      webinarId: z.number().int().positive(),
      positionSeconds: secondsInto,
      watchedSeconds: secondsInto,
    }),
    /** What is stored now: watched seconds never go down, so a stale report cannot undo progress. */
    result: webinarProgress,
    auth: 'required',
  }),
} as const;
