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
      segments.push({ kind: 'wrong', written: next.value, expected: change.value });
      i++;
    } else if (change.removed) {
      segments.push({ kind: 'missing', expected: change.value });
    } else if (change.added) {
      segments.push({ kind: 'extra', written: change.value });
    } else {
      segments.push({ kind: 'same', text: change.value });
    }
  }
  return segments;
}

/** Words and marks of a piece of text (spaces are not counted). */
function tokenCount(text: string): number {
  return [...words.segment(text)].filter((part) => part.segment.trim() !== '').length;
}

/** Each word or mark that differs is one error; a replaced run counts its longer side. */
export function countErrors(segments: ReviewSegment[]): number {
  return segments.reduce((sum, segment) => {
    switch (segment.kind) {
      case 'same':
        return sum;
      case 'wrong':
        return sum + Math.max(tokenCount(segment.written), tokenCount(segment.expected), 1);
      case 'missing':
        return sum + Math.max(tokenCount(segment.expected), 1);
      case 'extra':
        return sum + Math.max(tokenCount(segment.written), 1);
    }
  }, 0);
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
