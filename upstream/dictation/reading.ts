import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../crypto';

/**
 * The reading of a dictation: a recording made from the text itself with Debian's `espeak-ng` (Russian
 * voice, slow) and `opusenc`, read the way a dictation is read — the whole text once, then fragment by fragment,
 * each fragment twice with a pause to write after it, then the whole text again to check. The recording and its
 * fragment times live in `data/recordings/` (not in git), named by a hash of the text: a changed text makes a new
 * recording, an unchanged one is never made twice.
 */

export const RECORDINGS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/recordings');

/** espeak-ng's output: 22,050 samples a second, 16-bit, mono. */
const SAMPLE_RATE = 22_050;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;
/** Words a minute: slower than speech (175), as a reader of a dictation speaks. */
const RATE = 115;
/** Speech is well served by 16 kbit/s Opus. */
const BITRATE_KBPS = 16;
/** Opus's encoder effort (0–10): 3 keeps making the demo's recordings to seconds, at a few percent more bytes. */
const COMPLEXITY = 3;

/** The pauses, in seconds. */
export const PAUSES = {
  /** Between fragments when the whole text is read through. */
  readThrough: 0.6,
  /** Between the two readings of a fragment. */
  repeat: 1.5,
  /** After a fragment's second reading: time to write it, by its words. */
  writeBase: 2,
  writePerWord: 0.8,
  /** Before the second and the final read-through. */
  section: 3,
};

/** A fragment's two readings in the recording, in seconds from its start: what «Повторить фрагмент» plays. */
export interface FragmentTime {
  start: number;
  end: number;
}

export interface Recording {
  /** The Ogg Opus file. */
  file: string;
  size: number;
  durationSeconds: number;
  fragments: FragmentTime[];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A fragment is read in one breath and written from memory: at most this many words. */
const MAX_WORDS = 8;
/** A clause shorter than this joins its neighbour. */
const MIN_WORDS = 3;

/**
 * The text in the fragments a reader dictates: sentences, and a long sentence in its clauses (split after a
 * comma, colon, semicolon or dash), short clauses joined to the next so no fragment is a lone word or two.
 * Joined with spaces, the fragments give the text back.
 */
export function splitFragments(text: string): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?…])\s+/)
    .filter(Boolean);
  const fragments: string[] = [];
  for (const sentence of sentences) {
    if (words(sentence) <= MAX_WORDS) {
      fragments.push(sentence);
      continue;
    }
    const clauses = sentence.split(/(?<=[,:;]|\s[—–])\s+/);
    let current = '';
    for (const clause of clauses) {
      const joined = current ? `${current} ${clause}` : clause;
      if (current && words(current) >= MIN_WORDS && words(joined) > MAX_WORDS) {
        fragments.push(current);
        current = clause;
      } else {
        current = joined;
      }
    }
    // A short tail joins the fragment before it, when that stays readable.
    const last = fragments.at(-1);
    if (last && words(current) < MIN_WORDS && words(last) + words(current) <= MAX_WORDS + 2) {
      fragments[fragments.length - 1] = `${last} ${current}`;
    } else if (current) {
      fragments.push(current);
    }
  }
  return fragments;
}

/** The file names of a text's recording: a hash of the text, so a changed text is a new recording. */
export function recordingName(text: string): string {
  return sha256(text).slice(0, 24);
}

/** The tools the reading needs, with the Debian packages that have them. */
export const TOOLS = [
  { command: 'espeak-ng', package: 'espeak-ng' },
  { command: 'opusenc', package: 'opus-tools' },
] as const;

/** The tools that are not installed, by package name; empty when the reading can be made. */
export async function missingTools(): Promise<string[]> {
  const missing: string[] = [];
  for (const tool of TOOLS) {
    const found = await run(tool.command, ['--version']).then(
      () => true,
      () => false,
    );
    if (!found) missing.push(tool.package);
  }
  return missing;
}

function run(command: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString().trim()}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** The samples of one fragment spoken, without the WAV header (whose sizes espeak-ng leaves unset on stdout). */
async function speak(fragment: string): Promise<Buffer> {
  const wav = await run('espeak-ng', ['-v', 'ru', '-s', String(RATE), '--stdout', fragment]);
  const data = wav.indexOf('data', 12, 'latin1');
  if (data < 0) throw new Error('espeak-ng gave no WAV data');
  const samples = wav.subarray(data + 8);
  return samples.subarray(0, samples.length - (samples.length % 2));
}

const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * 2);

function wavOf(samples: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** The whole reading as samples, with each fragment's place (seconds) in it. */
export function assemble(spoken: { samples: Buffer; words: number }[]): { samples: Buffer; fragments: FragmentTime[] } {
  const parts: Buffer[] = [];
  let length = 0;
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  const now = () => length / BYTES_PER_SECOND;
  const readThrough = () =>
    spoken.forEach((part, index) => {
      if (index > 0) add(silence(PAUSES.readThrough));
      add(part.samples);
    });
  add(silence(0.5));
  readThrough();
  add(silence(PAUSES.section));
  const fragments = spoken.map((part) => {
    const start = now();
    add(part.samples);
    add(silence(PAUSES.repeat));
    add(part.samples);
    const end = now();
    add(silence(PAUSES.writeBase + PAUSES.writePerWord * part.words));
    return { start: round(start), end: round(end) };
  });
  add(silence(PAUSES.section));
  readThrough();
  add(silence(0.5));
  return { samples: Buffer.concat(parts), fragments };
}

/**
 * Where the two read-throughs are: the whole text once before the fragments and once after them, each
 * as long as the other; found from the fragments' times and the recording's length, as `assemble` lays them out.
 */
export function readThroughsOf(recording: Pick<Recording, 'durationSeconds' | 'fragments'>): {
  opening: FragmentTime;
  closing: FragmentTime;
} {
  const first = recording.fragments[0];
  const length = first ? Math.max(0, first.start - PAUSES.section) : recording.durationSeconds;
  return {
    opening: { start: 0, end: round(length) },
    closing: { start: round(Math.max(0, recording.durationSeconds - length)), end: recording.durationSeconds },
  };
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * The recording of a text, made when missing: read from `dir` when made before, else synthesised, joined with
 * the pauses and compressed. Throws when the tools are missing or fail; nothing half-written is left (the files
 * are renamed into place, the times last).
 */
export async function ensureRecording(text: string, dir: string = RECORDINGS_DIR): Promise<Recording> {
  const name = recordingName(text);
  const file = path.join(dir, `${name}.ogg`);
  const timesFile = path.join(dir, `${name}.json`);
  const made = await readRecording(text, dir);
  if (made) return made;
  await mkdir(dir, { recursive: true });
  const spoken = [];
  for (const fragment of splitFragments(text)) spoken.push({ samples: await speak(fragment), words: words(fragment) });
  const { samples, fragments } = assemble(spoken);
  // A name of this run's own: two processes (or threads) making the same recording never write one file.
  const suffix = `${process.pid}.${randomBytes(4).toString('hex')}.part`;
  const partial = `${file}.${suffix}`;
  try {
    await run(
      'opusenc',
      ['--quiet', '--bitrate', String(BITRATE_KBPS), '--comp', String(COMPLEXITY), '--downmix-mono', '-', partial],
      wavOf(samples),
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  const durationSeconds = round(samples.length / BYTES_PER_SECOND);
  await writeFile(`${timesFile}.${suffix}`, JSON.stringify({ durationSeconds, fragments }));
  await rename(`${timesFile}.${suffix}`, timesFile);
  return { file, size: (await stat(file)).size, durationSeconds, fragments };
}

/** A recording made before, or null. */
export async function readRecording(text: string, dir: string = RECORDINGS_DIR): Promise<Recording | null> {
  const name = recordingName(text);
  const file = path.join(dir, `${name}.ogg`);
  try {
    const times = JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as Omit<
      Recording,
      'file' | 'size'
    >;
    return { file, size: (await stat(file)).size, ...times };
  } catch {
    return null;
  }
}

/**
 * Makes the recordings of these texts that are missing. Missing tools are not an error: the upstream runs without
 * the reading and says so (the call answers 404 and the page that the recording is not available).
 */
export async function ensureRecordings(
  texts: string[],
  log: (line: string) => void,
  dir: string = RECORDINGS_DIR,
): Promise<void> {
  const pending = [];
  for (const text of texts) if (!(await readRecording(text, dir))) pending.push(text);
  if (pending.length === 0 && soundCheckOf(dir)) return;
  const missing = await missingTools();
  if (missing.length > 0) {
    log(`dictation reading: not made, install ${missing.join(' and ')} (apt-get install ${missing.join(' ')})`);
    return;
  }
  const started = Date.now();
  let count = 0;
  for (const text of pending) {
    try {
      await ensureRecording(text, dir);
      count += 1;
    } catch (error) {
      // One text that fails leaves that dictation without a reading, not the upstream without a start.
      log(`dictation reading: not made: ${String(error)}`);
    }
  }
  if (count > 0) log(`dictation reading: ${count} recording(s) made in ${Date.now() - started} ms`);
  await ensureSoundCheck(dir).catch((error: unknown) => log(`dictation sound check: not made: ${String(error)}`));
}

/** What the sound check says: the reader's voice, none of any dictation's words. */
export const SOUND_CHECK_TEXT = 'Проверка звука. Если вы хорошо слышите эти слова, звук настроен.';

/** The sound check's file: the voice once, with a breath of silence around it. Made when missing, like a reading. */
export async function ensureSoundCheck(dir: string = RECORDINGS_DIR): Promise<{ file: string; size: number }> {
  const file = path.join(dir, `sound-check-${recordingName(SOUND_CHECK_TEXT)}.ogg`);
  const made = await stat(file).then(
    (found) => ({ file, size: found.size }),
    () => null,
  );
  if (made) return made;
  await mkdir(dir, { recursive: true });
  const samples = Buffer.concat([silence(0.3), await speak(SOUND_CHECK_TEXT), silence(0.3)]);
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
  try {
    await run(
      'opusenc',
      ['--quiet', '--bitrate', String(BITRATE_KBPS), '--comp', String(COMPLEXITY), '--downmix-mono', '-', partial],
      wavOf(samples),
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  return { file, size: (await stat(file)).size };
}

/** The sound check made before, for a request (synchronous), or null. */
export function soundCheckOf(dir: string = RECORDINGS_DIR): { file: string; size: number } | null {
  const file = path.join(dir, `sound-check-${recordingName(SOUND_CHECK_TEXT)}.ogg`);
  try {
    return { file, size: statSync(file).size };
  } catch {
    return null;
  }
}

const known = new Map<string, Recording>();

/** `readRecording` for a request: synchronous, and remembered once found (a recording never changes once made). */
export function recordingOf(text: string, dir: string = RECORDINGS_DIR): Recording | null {
  const name = recordingName(text);
  const key = path.join(dir, name);
  const found = known.get(key);
  if (found) return found;
  try {
    const times = JSON.parse(readFileSync(`${key}.json`, 'utf8')) as Omit<Recording, 'file' | 'size'>;
    const recording = { file: `${key}.ogg`, size: statSync(`${key}.ogg`).size, ...times };
    known.set(key, recording);
    return recording;
  } catch {
    return null;
  }
}
