import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTATION_EVENTS } from '../seed/seed-dictation-content';
import {
  assemble,
  ensureRecording,
  PAUSES,
  readThroughsOf,
  ensureRecordings,
  missingTools,
  readRecording,
  recordingName,
  splitFragments,
} from './reading';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('the fragments a dictation is read in', () => {
  it.each(DICTATION_EVENTS.map((event) => [event.id, event.referenceText] as const))(
    'give back the text of event %i, in sentences and clauses of 2 to 10 words',
    (_id, text) => {
      const fragments = splitFragments(text);
      expect(fragments.join(' ')).toBe(text.replace(/\s+/g, ' ').trim());
      for (const fragment of fragments) {
        expect(words(fragment)).toBeGreaterThanOrEqual(2);
        expect(words(fragment)).toBeLessThanOrEqual(10);
      }
    },
  );

  it('keeps a short sentence whole and splits a long one after its commas', () => {
    expect(
      splitFragments(
        'Весной в наш город возвращаются скворцы. Ещё вчера на ветках было пусто, а сегодня с самого утра слышен их звонкий, неутомимый свист.',
      ),
    ).toEqual([
      'Весной в наш город возвращаются скворцы.',
      'Ещё вчера на ветках было пусто,',
      'а сегодня с самого утра слышен их звонкий, неутомимый свист.',
    ]);
  });

  it('names a recording by its text, so a changed text makes a new one', () => {
    expect(recordingName('Текст.')).toBe(recordingName('Текст.'));
    expect(recordingName('Текст.')).not.toBe(recordingName('Текст!'));
  });
});

describe('the parts of the reading', () => {
  it('finds the two read-throughs around the fragments, so a player can go to each (ADR 241)', () => {
    // Two fragments of 1 s and 2 s of sound (22,050 samples a second, 2 bytes each), the second of three words.
    const spoken = [
      { samples: Buffer.alloc(44_100), words: 2 },
      { samples: Buffer.alloc(88_200), words: 3 },
    ];
    const { samples, fragments } = assemble(spoken);
    const durationSeconds = samples.length / 44_100;
    const { opening, closing } = readThroughsOf({ durationSeconds, fragments });
    // Half a second of silence, then the text: 1 s, a 0.6 s pause, 2 s.
    expect(opening).toEqual({ start: 0, end: 4.1 });
    expect(fragments[0]!.start).toBeCloseTo(opening.end + PAUSES.section, 2);
    const afterLast = fragments[1]!.end + PAUSES.writeBase + PAUSES.writePerWord * 3 + PAUSES.section;
    expect(closing.start).toBeCloseTo(afterLast, 2);
    expect(closing.end).toBe(durationSeconds);
  });
});

describe('the recording', () => {
  let dir: string;
  beforeAll(async () => {
    const missing = await missingTools();
    // Not skipped: CI installs them (.ci/run), and the reading is part of the product.
    if (missing.length > 0)
      throw new Error(`the reading needs Debian's ${missing.join(' and ')}: apt-get install ${missing.join(' ')}`);
    dir = await mkdtemp(path.join(tmpdir(), 'reading-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is Ogg Opus with each fragment read twice in order, made in seconds and once', async () => {
    const text = 'Осенний лес встретил нас тишиной. Под ногами шуршали листья, пахло грибами и влажной землёй.';
    const started = Date.now();
    const recording = await ensureRecording(text, dir);
    expect(Date.now() - started).toBeLessThan(20_000);

    const file = await readFile(recording.file);
    expect(file.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(file.includes('OpusHead')).toBe(true);
    expect(recording.size).toBe(file.length);
    // 16 kbit/s speech: well under 10 KB a second.
    expect(recording.size / recording.durationSeconds).toBeLessThan(10_000);

    expect(recording.fragments).toHaveLength(3);
    let previous = 0;
    for (const { start, end } of recording.fragments) {
      // After the first read-through, each fragment's two readings, then a pause to write.
      expect(start).toBeGreaterThan(previous);
      expect(end - start).toBeGreaterThan(1.5);
      previous = end;
    }
    expect(recording.durationSeconds).toBeGreaterThan(previous);

    const { mtimeMs } = await stat(recording.file);
    expect(await ensureRecording(text, dir)).toEqual(recording);
    expect((await stat(recording.file)).mtimeMs).toBe(mtimeMs);
  }, 30_000);

  it('is not made without the tools, and the start goes on with a line saying what to install', async () => {
    const path = process.env.PATH;
    const lines: string[] = [];
    process.env.PATH = '';
    try {
      await ensureRecordings(['Текст, которого нет в записях.'], (line) => lines.push(line), dir);
    } finally {
      process.env.PATH = path;
    }
    expect(lines).toEqual([
      'dictation reading: not made, install espeak-ng and opus-tools (apt-get install espeak-ng opus-tools)',
    ]);
    expect(await readRecording('Текст, которого нет в записях.', dir)).toBeNull();
  });
});
