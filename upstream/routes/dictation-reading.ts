import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { DictationReading } from '#contract';
import { findEvent, findParticipation, type EventRow, type ParticipationRow } from '../db/dictation';
import { SOUND_CHECK_PATH, statusOf } from '../dictation/participation';
import { readThroughsOf, recordingName, recordingOf, soundCheckOf } from '../dictation/reading';
import { safeEqualHex } from '../crypto';
import { notFound } from '../http/envelope';
import type { Services, UpstreamApp, UpstreamEnv } from '../services';
import { hours } from '#shared/time';

/**
 * The reading's file. The writing has no sign-in — the invitation code is the capability, and it stays
 * out of every URL — so the upstream hands out, in the session of a code, a path that carries its own grant: an
 * HMAC of the participation and the recording under a key of this process. The file answers only while that
 * participation is being written; before the start and after the hand-in it is 404, like a wrong grant.
 */
const PATH = /^\/files\/dictation\/readings\/(\d+)\/([0-9a-f]{64})\.ogg$/;

/** A key per process: a restart turns earlier paths into 404 and the portal asks the session again. */
const KEY = randomBytes(32);

const grantOf = (participationId: number, text: string) =>
  createHmac('sha256', KEY)
    .update(`reading:${participationId}:${recordingName(text)}`)
    .digest('hex');

/** The reading of a dictation being written, or null (not writing, or no recording could be made). */
export function readingOf(
  services: Pick<Services, 'now'>,
  row: ParticipationRow,
  event: EventRow,
  now: number = services.now(),
): DictationReading | null {
  if (statusOf(row, event, now) !== 'writing') return null;
  const recording = recordingOf(event.reference_text);
  if (!recording) return null;
  return {
    recording: {
      path: `/files/dictation/readings/${row.id}/${grantOf(row.id, event.reference_text)}.ogg`,
      name: 'Чтение диктанта.ogg',
      size: recording.size,
      type: 'audio/ogg',
    },
    fragments: recording.fragments,
    ...readThroughsOf(recording),
  };
}

/** One range of bytes of a file of `size` bytes, or null for the whole file; `'unsatisfiable'` past its end. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first, last] = match;
  if (first === '') {
    const length = Math.min(Number(last), size);
    return length > 0 ? { start: size - length, end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A file's bytes for a request: the whole file, or the one range asked for (206), or 416 past its end. */
function serveAudio(c: Context<UpstreamEnv>, file: { file: string; size: number }, cacheControl: string) {
  const headers: Record<string, string> = {
    'Content-Type': 'audio/ogg',
    'Accept-Ranges': 'bytes',
    'Cache-Control': cacheControl,
  };
  const range = byteRange(c.req.header('Range'), file.size);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${file.size}` });
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const body = Readable.toWeb(createReadStream(file.file, { start, end })) as ReadableStream<Uint8Array>;
  headers['Content-Length'] = String(end - start + 1);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  return c.body(body, range ? 206 : 200, headers);
}

/** The file itself, outside the envelope like every file; registered before the static files. */
export function registerDictationReadingFile(app: UpstreamApp, services: Services): void {
  // The sound check: a few seconds of the voice, no words of any text, the same for everyone.
  app.get(SOUND_CHECK_PATH, (c) => {
    const file = soundCheckOf();
    if (!file) throw notFound();
    return serveAudio(c, file, `public, max-age=${hours(1) / 1000}`);
  });
  app.get('/files/dictation/readings/*', (c) => {
    const [, id, grant] = PATH.exec(c.req.path) ?? [];
    const row = id ? findParticipation(services.db, Number(id)) : undefined;
    if (!row || !grant) throw notFound();
    const event = findEvent(services.db, row.event_id)!;
    if (!safeEqualHex(grant, grantOf(row.id, event.reference_text))) throw notFound();
    const reading = readingOf(services, row, event);
    const recording = reading && recordingOf(event.reference_text);
    if (!recording) throw notFound();
    return serveAudio(c, recording, 'private, no-store');
  });
}
