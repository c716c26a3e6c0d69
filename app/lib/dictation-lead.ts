import type { DictationEventState } from '#contract';

/** Which event leads a page: the one being written, else the next to come, else the latest. */
const LEAD_ORDER = ['writing', 'registration', 'announced', 'closed', 'results'] as const;

/** The event `/dictation` and the front page lead with, and the others in the order they come. */
export function pickLeadEvent<T extends { state: DictationEventState; writingOpensAt: string }>(events: T[]) {
  const byStart = (a: T, b: T) => Date.parse(a.writingOpensAt) - Date.parse(b.writingOpensAt);
  const lead =
    LEAD_ORDER.map((state) => events.filter((event) => event.state === state).sort(byStart)[0]).find(Boolean) ?? null;
  return { lead, others: events.filter((event) => event !== lead) };
}
