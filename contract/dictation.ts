import { z } from 'zod';
import { call, fileRef, noBody, noQuery } from './define';

/**
 * The dictation (ADR 239): the events, a participant's personal dictation opened by its invitation code, and the
 * signed-in user's dictations with their results. Every call is the portal's design (docs/product.md §10).
 */

const id = z.number().int().positive();
const instant = z.string().datetime({ offset: true });

/** The invitation code of `/dictation/{code}`: a capability of 43 URL-safe characters, not a session token. */
export const invitationCode = z.string().regex(/^[\w-]{20,100}$/);
/**
 * A dictation is 250–350 words, some 2,500 characters: twice that is room enough. It also keeps a form post of
 * the longest text (Cyrillic is 6 bytes a letter once URL-encoded) under the portal's 64 KB body limit.
 */
export const DICTATION_TEXT_MAX = 5_000;
/** Each save numbers its text; the upstream keeps the highest number, so an older save never wins. */
const revision = z.number().int().min(0).max(1_000_000_000);

export const dictationEvent = z.object({
  id,
  title: z.string().min(1),
  description: z.string(),
  registrationOpensAt: instant,
  writingOpensAt: instant,
  writingClosesAt: instant,
  resultsAt: instant,
  timeLimitMinutes: z.number().int().positive(),
  /** The text's author and title, once the results are out (it is secret until the writing closes). */
  source: z.string().nullable(),
});
export type DictationEvent = z.infer<typeof dictationEvent>;

export type DictationEventState = 'announced' | 'registration' | 'writing' | 'closed' | 'results';

/** Where an event is at `now`: a function of its dates, so the upstream and the portal never disagree. */
export function dictationEventState(
  event: Pick<DictationEvent, 'registrationOpensAt' | 'writingOpensAt' | 'writingClosesAt' | 'resultsAt'>,
  now: number,
): DictationEventState {
  if (now < Date.parse(event.registrationOpensAt)) return 'announced';
  if (now < Date.parse(event.writingOpensAt)) return 'registration';
  if (now < Date.parse(event.writingClosesAt)) return 'writing';
  if (now < Date.parse(event.resultsAt)) return 'closed';
  return 'results';
}

/**
 * A participant's dictation: `invited` (not opened yet), `writing` (the clock runs), `submitted` (finished, or
 * its time ran out), `checked` (submitted and the results are out), `missed` (never opened while writing was
 * open).
 */
export const participationStatus = z.enum(['invited', 'writing', 'submitted', 'checked', 'missed']);
export type ParticipationStatus = z.infer<typeof participationStatus>;

/** The grade of a national dictation: «5» without errors, then down with their number. */
const grade = z.number().int().min(2).max(5);

/** The written text against the reference, segment by segment: what a reader of the results sees marked. */
export const reviewSegment = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('same'), text: z.string() }),
  z.object({ kind: z.literal('wrong'), written: z.string(), expected: z.string() }),
  z.object({ kind: z.literal('missing'), expected: z.string() }),
  z.object({ kind: z.literal('extra'), written: z.string() }),
]);
export type ReviewSegment = z.infer<typeof reviewSegment>;

const participationSummary = z.object({
  id,
  event: dictationEvent,
  status: participationStatus,
  startedAt: instant.nullable(),
  /** Once started: when this participant's time runs out (the time limit from the start, or the end of writing). */
  deadline: instant.nullable(),
  finishedAt: instant.nullable(),
  /** Once checked: the number of errors and the grade. */
  errorsCount: z.number().int().nonnegative().nullable(),
  grade: grade.nullable(),
});

/**
 * The dictation read aloud (ADR 241): a recording made from the text, and where each fragment's two readings are
 * in it (seconds), so a player can replay one. Only while the participant writes; never the text itself.
 */
const span = z.object({ start: z.number().nonnegative(), end: z.number().nonnegative() });
export const dictationReading = z.object({
  recording: fileRef,
  fragments: z.array(span),
  /** The whole text read through before the fragments and again after them, to check (ADR 241). */
  opening: span,
  closing: span,
});
export type DictationReading = z.infer<typeof dictationReading>;

/** What the invitation link opens: the text so far and the time limit, kept by the upstream. */
export const dictationSession = z.object({
  participationId: id,
  event: dictationEvent,
  status: participationStatus,
  text: z.string().max(DICTATION_TEXT_MAX),
  revision,
  savedAt: instant.nullable(),
  startedAt: instant.nullable(),
  /** When the text stops being accepted: the time limit from the first opening, or the end of writing. */
  deadline: instant.nullable(),
  /** The upstream's clock when it answered, so the portal counts down from the upstream's time. */
  serverTime: instant,
  /**
   * While `writing`: the reading, its file authorised by the path the upstream hands out (no sign-in, like the
   * writing itself). Null otherwise, or when no recording could be made: the file then answers 404.
   */
  reading: dictationReading.nullable(),
  /**
   * A few seconds of the reader's voice, not of the text, to check the sound before the time starts (ADR 241):
   * the same file for everyone, while the dictation can still be started or written. Null otherwise, or when it
   * could not be made.
   */
  soundCheck: fileRef.nullable(),
});
export type DictationSession = z.infer<typeof dictationSession>;

const codeBody = z.object({ code: invitationCode });
const textBody = codeBody.extend({ text: z.string().max(DICTATION_TEXT_MAX), revision });

export const dictationCalls = {
  dictationEvents: call({
    method: 'GET',
    path: '/rest/dictation/events/',
    query: noQuery,
    body: noBody,
    result: z.object({ events: z.array(dictationEvent) }),
    auth: 'none',
    shared: true,
    extension: true,
  }),
  /**
   * Reads the dictation of an invitation code and changes nothing: mail scanners and link previews open links,
   * so opening never starts the clock (`startDictation` does). Unknown code: 404. A POST only to keep the code
   * in the body, out of any URL.
   */
  openDictation: call({
    method: 'POST',
    path: '/rest/dictation/open/',
    query: noQuery,
    body: codeBody,
    result: dictationSession,
    auth: 'none',
    extension: true,
  }),
  /**
   * The participant's «Начать диктант»: starts the clock of an invited dictation while writing is open (later
   * calls return the same deadline) and answers the session as `openDictation` does. Writing not open yet: 409
   * `not_started`; submitted, or closed unopened: the session says so by its status.
   */
  startDictation: call({
    method: 'POST',
    path: '/rest/dictation/start/',
    query: noQuery,
    body: codeBody,
    result: dictationSession,
    auth: 'none',
    extension: true,
  }),
  /**
   * Saves the text under its revision. Idempotent and ordered: a revision not above the stored one changes
   * nothing. Answers only when the stored text is the one sent (a repeated save too); a text not kept (another
   * tab or device saved at this revision or above) is 409 `text_changed`, never an answer. After the deadline:
   * 409 `time_over`; once finished: 410 `invitation_used`.
   */
  saveDictation: call({
    method: 'PUT',
    path: '/rest/dictation/text/',
    query: noQuery,
    body: textBody,
    result: z.object({ revision, savedAt: instant }),
    auth: 'none',
    extension: true,
  }),
  /**
   * Saves the text as a save would, then submits: the code counts as used from now on. A text not kept is 409
   * `text_changed` and submits nothing.
   */
  finishDictation: call({
    method: 'POST',
    path: '/rest/dictation/finish/',
    query: noQuery,
    body: textBody,
    result: z.object({ participationId: id, finishedAt: instant, revision }),
    auth: 'none',
    extension: true,
  }),
  myDictations: call({
    method: 'GET',
    path: '/rest/dictation/my/list/',
    query: noQuery,
    body: noBody,
    result: z.object({ dictations: z.array(participationSummary) }),
    auth: 'required',
    extension: true,
  }),
  myDictationById: call({
    method: 'GET',
    path: '/rest/dictation/my/by/id/',
    query: z.object({ id: z.coerce.number().int().positive() }),
    body: noBody,
    result: participationSummary.extend({
      text: z.string(),
      /** Once checked: the text with each error marked. */
      review: z.array(reviewSegment).nullable(),
      certificate: fileRef.nullable(),
      /**
       * The same certificate with a failing grade printed, which the plain one leaves out (ADR 238), for a
       * participant who asks for it; null when there is no certificate or its grade is printed anyway.
       */
      gradedCertificate: fileRef.nullable(),
    }),
    auth: 'required',
    extension: true,
  }),
  /**
   * Registers the user for an event from `registrationOpensAt` to `writingClosesAt` — while writing is open too
   * (ADR 239): a dictation of theirs, its personal link (`{portalOrigin}/dictation/{code}`) mailed to the profile's
   * address. Again for the same event (or one given before): the same dictation, nothing mailed twice. Before
   * the period: 409 `registration_not_open`; after it: 409 `registration_closed`; unknown event: 404.
   */
  registerForDictation: call({
    method: 'POST',
    path: '/rest/dictation/my/registration/',
    query: noQuery,
    body: z.object({
      eventId: id,
      /** The portal's public origin, which the mailed link points to (the upstream serves no pages of its own). */
      portalOrigin: z
        .string()
        .url()
        .max(200)
        .refine((url) => /^https?:$/.test(new URL(url).protocol)),
    }),
    result: z.object({ participationId: id, alreadyRegistered: z.boolean() }),
    auth: 'required',
    extension: true,
  }),
  /**
   * A fresh invitation code for one of the user's dictations while it can still be written; earlier codes keep
   * working, so a second device continues the same text.
   */
  issueDictationCode: call({
    method: 'POST',
    path: '/rest/dictation/my/invitation/',
    query: noQuery,
    body: z.object({ id }),
    result: z.object({ code: invitationCode }),
    auth: 'required',
    extension: true,
  }),
} as const;
