import type { QuestionKind } from '#contract';

/** How an answer is judged; the only place that knows the right answers besides the database. */

export interface Judged {
  kind: QuestionKind;
  rightOptionIds: number[];
  /** Accepted short answers, as the author wrote them. */
  rightTexts: string[];
}

export interface Given {
  optionIds: number[];
  text: string;
}

/** A short answer as it is compared: case folded, trimmed, inner spaces collapsed, «ё» read as «е». */
export function normalizeTextAnswer(text: string): string {
  return text.trim().toLocaleLowerCase('ru-RU').replace(/ё/g, 'е').replace(/\s+/g, ' ');
}

/**
 * One point per question, all or nothing: a single choice must be the right option, a multiple choice exactly
 * the right set (a missed or an extra option loses the point), a short answer one of the accepted forms.
 */
export function isCorrect(question: Judged, given: Given | null): boolean {
  if (!given) return false;
  if (question.kind === 'text') {
    const answer = normalizeTextAnswer(given.text);
    return answer !== '' && question.rightTexts.some((right) => normalizeTextAnswer(right) === answer);
  }
  const chosen = new Set(given.optionIds);
  return chosen.size === question.rightOptionIds.length && question.rightOptionIds.every((id) => chosen.has(id));
}

/** Rounded down, so 69.9 % never passes a 70 % bar. */
export function percentOf(points: number, maxPoints: number): number {
  return Math.floor((points * 100) / maxPoints);
}
