import { beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '#contract';
import { createParticipation, issueCode } from '../db/dictation';
import { DEMO_USERS } from '../seed/seed';
import { CURRENT_EVENT_ID, seedDictation } from '../seed/seed-dictation';
import { DICTATION_EVENTS } from '../seed/seed-dictation-content';
import { ensureRecording, missingTools } from '../dictation/reading';
import { createTestUpstream } from '../testing';
import { minutes } from '#shared/time';
import { byteRange } from './dictation-reading';

type Session = CallResult<'openDictation'>;
const TEXT = DICTATION_EVENTS.find((event) => event.id === CURRENT_EVENT_ID)!.referenceText;

beforeAll(async () => {
  const missing = await missingTools();
  if (missing.length > 0)
    throw new Error(`the reading needs Debian's ${missing.join(' and ')}: apt-get install ${missing.join(' ')}`);
  // Made as the upstream's start makes it, in data/recordings/ (kept between runs).
  await ensureRecording(TEXT);
}, 60_000);

async function setup() {
  const up = await createTestUpstream();
  seedDictation(up.db, up.clock.time, { teacher: DEMO_USERS.teacher.email, participant: DEMO_USERS.participant.email });
  const invite = () => {
    const id = createParticipation(
      up.db,
      { eventId: CURRENT_EVENT_ID, userId: null, timeLimitMs: minutes(60) },
      up.clock.time,
    );
    return issueCode(up.db, id, up.clock.time);
  };
  const session = async (name: 'openDictation' | 'startDictation', code: string) =>
    (await up.call(name, { body: { code } })).envelope.result as Session;
  const file = (path: string, range?: string) => up.app.request(path, { headers: range ? { Range: range } : {} });
  return { up, invite, session, file };
}

describe('the reading of a dictation', () => {
  it('is handed out only while the participant writes, and plays with Range', async () => {
    const { invite, session, file } = await setup();
    const code = invite();
    expect((await session('openDictation', code)).reading).toBeNull();
    const { reading } = await session('startDictation', code);
    expect(reading).not.toBeNull();
    expect(reading!.recording).toMatchObject({ type: 'audio/ogg' });
    expect(reading!.fragments.length).toBeGreaterThan(3);
    // The path says nothing of the code or the text.
    expect(reading!.recording.path).not.toContain(code);

    const part = await file(reading!.recording.path, 'bytes=0-99');
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Type')).toBe('audio/ogg');
    expect(part.headers.get('Content-Range')).toBe(`bytes 0-99/${reading!.recording.size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const whole = await file(reading!.recording.path);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(reading!.recording.size);
    expect((await file(reading!.recording.path, `bytes=${reading!.recording.size}-`)).status).toBe(416);
  });

  it('answers 404 to a wrong grant, to another participation and after the hand-in', async () => {
    const { up, invite, session, file } = await setup();
    const code = invite();
    const { reading, participationId } = await session('startDictation', code);
    const path = reading!.recording.path;
    expect((await file(path.replace(/[0-9a-f]{64}/, '0'.repeat(64)))).status).toBe(404);
    const other = invite();
    const { participationId: otherId } = await session('startDictation', other);
    expect((await file(path.replace(`/${participationId}/`, `/${otherId}/`))).status).toBe(404);

    await up.call('finishDictation', { body: { code, text: 'Весной', revision: 1 } });
    expect((await file(path)).status).toBe(404);
    expect((await session('openDictation', code)).reading).toBeNull();
  });

  it('is null when no recording could be made (tools missing), and the file is 404: never a 500', async () => {
    const { up, invite, session, file } = await setup();
    const code = invite();
    const { reading } = await session('startDictation', code);
    // A text with no recording in data/recordings/, as when espeak-ng or opusenc was missing at the start.
    up.db
      .prepare('UPDATE dictation_events SET reference_text = ? WHERE id = ?')
      .run(`Нет записи ${Date.now()}.`, CURRENT_EVENT_ID);
    expect((await session('openDictation', code)).reading).toBeNull();
    expect((await file(reading!.recording.path)).status).toBe(404);
  });
});

describe('byteRange', () => {
  it('reads one range, a suffix and an open end; refuses past the end', () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=0-500', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
