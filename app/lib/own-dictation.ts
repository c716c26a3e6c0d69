import type { ParticipationStatus } from '#contract';

/**
 * The user's dictation in an event, apart from the registration component that shows it: a page that defers that
 * component (ADR 221) still reads this in its first-load code.
 */
export interface OwnDictation {
  id: number;
  status: ParticipationStatus;
  /** Once started: when this participant's own time runs out. */
  deadline: string | null;
}

/** The user's latest dictation of each event, from the list (newest first), for EventRegistration's `own`. */
export function ownByEvent(
  dictations: { id: number; status: ParticipationStatus; deadline: string | null; event: { id: number } }[],
) {
  const own: Record<number, OwnDictation> = {};
  for (const item of dictations) own[item.event.id] ??= { id: item.id, status: item.status, deadline: item.deadline };
  return own;
}
