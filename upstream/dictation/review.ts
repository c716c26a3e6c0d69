import { diffWords } from 'diff';
import { LRUCache } from 'lru-cache';
import type { ReviewSegment } from '#contract';

/**
 * The check of a dictation: the written text against the reference, word by word and punctuation mark by
 * punctuation mark (a missing comma is an error), as a teacher marks a dictation in the margin.
 */

/**
 * Words as Russian has them: diff's own word pattern knows Latin letters only and would split «листья» into
 * letters, so the segmenter of the Intl API cuts the text.
 */
const words = new Intl.Segmenter('ru', { granularity: 'word' });

/** Spacing is not spelling: runs of spaces and line breaks compare as one space. */
const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

export function reviewText(reference: string, written: string): ReviewSegment[] {
  const changes = diffWords(normalize(reference), normalize(written), { intlSegmenter: words });
  const segments: ReviewSegment[] = [];
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const next = changes[i + 1];
    if (change.removed && next?.added) {
      segments.push(...markRun(change.value, next.value));
      i++;
    } else if (change.removed) {
      segments.push(...markRun(change.value, ''));
    } else if (change.added) {
      segments.push(...markRun('', change.value));
    } else {
      segments.push({ kind: 'same', text: change.value });
    }
  }
  return segments;
}

/** A token of a run with the spacing written before it. */
interface Token {
  text: string;
  before: string;
  word: boolean;
}

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let before = '';
  for (const part of words.segment(text)) {
    if (part.segment.trim() === '') before += part.segment;
    else {
      tokens.push({ text: part.segment, before, word: part.isWordLike === true });
      before = '';
    }
  }
  return tokens;
}

const letters = (tokens: Token[]) =>
  tokens
    .filter((token) => token.word)
    .map((token) => token.text)
    .join('')
    .toLowerCase();

/**
 * One changed run of the diff (`expected` → `written`) as marks, each mark one error: a word or a
 * punctuation mark written wrongly, left out or added. A word written merged or split («на последок» for
 * «напоследок», «полесу» for «по лесу») is one error and one mark. Otherwise the two sides are aligned token by
 * token (the fewest changes; a word is replaced by a word, a mark by a mark), so two wrong words side by side are
 * two marks and a wrong word with an extra comma is a wrong word and an extra comma.
 */
function markRun(expected: string, written: string): ReviewSegment[] {
  // The spacing around the run stays as the text has it (the reference's, or the written one's for an addition).
  const around = expected || written;
  const lead = /^\s*/.exec(around)![0];
  const trail = around.trim() === '' ? '' : /\s*$/.exec(around)![0];
  const framed = (inner: ReviewSegment[]): ReviewSegment[] => [
    ...(lead ? [{ kind: 'same' as const, text: lead }] : []),
    ...inner,
    ...(trail ? [{ kind: 'same' as const, text: trail }] : []),
  ];
  const want = tokensOf(expected);
  const got = tokensOf(written);
  if (want.length > 0 && got.length > 0 && letters(want) !== '' && letters(want) === letters(got)) {
    const punctuation = (tokens: Token[]) => tokens.filter((token) => !token.word).map((token) => token.text);
    if (punctuation(want).join('') === punctuation(got).join('')) {
      return framed([{ kind: 'wrong', written: written.trim(), expected: expected.trim() }]);
    }
  }
  // Edit distance over tokens: cost[i][j] aligns want[i..] with got[j..].
  const cost: number[][] = Array.from({ length: want.length + 1 }, () => new Array<number>(got.length + 1).fill(0));
  for (let i = want.length; i >= 0; i--) {
    for (let j = got.length; j >= 0; j--) {
      if (i === want.length) cost[i]![j] = got.length - j;
      else if (j === got.length) cost[i]![j] = want.length - i;
      else {
        const a = want[i]!;
        const b = got[j]!;
        const replace = a.text === b.text ? 0 : a.word === b.word ? 1 : Infinity;
        cost[i]![j] = Math.min(replace + cost[i + 1]![j + 1]!, 1 + cost[i + 1]![j]!, 1 + cost[i]![j + 1]!);
      }
    }
  }
  const segments: ReviewSegment[] = [];
  const push = (segment: ReviewSegment, before: string) => {
    if (before && segments.length > 0) segments.push({ kind: 'same', text: before });
    segments.push(segment);
  };
  let i = 0;
  let j = 0;
  while (i < want.length || j < got.length) {
    const a = want[i];
    const b = got[j];
    if (a && b && (a.text === b.text || a.word === b.word)) {
      const replace = a.text === b.text ? 0 : 1;
      if (cost[i]![j] === replace + cost[i + 1]![j + 1]!) {
        push(
          replace === 0 ? { kind: 'same', text: a.text } : { kind: 'wrong', written: b.text, expected: a.text },
          a.before,
        );
        i++;
        j++;
        continue;
      }
    }
    if (a && cost[i]![j] === 1 + cost[i + 1]![j]!) {
      push({ kind: 'missing', expected: a.text }, a.before);
      i++;
    } else {
      push({ kind: 'extra', written: b!.text }, b!.before);
      j++;
    }
  }
  return framed(segments);
}

/** Each mark of the review is one error: the count is the marks the participant sees. */
export function countErrors(segments: ReviewSegment[]): number {
  return segments.filter((segment) => segment.kind !== 'same').length;
}

/**
 * The errors of a checked text. A checked text no longer changes, and the participant's list of dictations shows
 * every one of them on every read, so each pair is diffed once (the diff is most of the list's time).
 */
const errorCounts = new LRUCache<string, number>({ max: 2_000 });
export function errorsIn(reference: string, written: string): number {
  const key = `${reference}\u0000${written}`;
  let errors = errorCounts.get(key);
  if (errors === undefined) {
    errors = countErrors(reviewText(reference, written));
    errorCounts.set(key, errors);
  }
  return errors;
}

/** «5» with no errors, «4» with one or two, «3» with up to five, «2» beyond. */
export function gradeFor(errors: number): number {
  if (errors === 0) return 5;
  if (errors <= 2) return 4;
  if (errors <= 5) return 3;
  return 2;
}
