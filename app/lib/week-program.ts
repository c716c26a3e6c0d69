import type { SavedDayLink, WeekDay } from '#contract';

/** Where a day of the weekly program stands: links are taken only while it is open (its own Moscow date). */
export type DayState = 'closed' | 'open' | 'upcoming';

export interface ProgramDay extends WeekDay {
  state: DayState;
  /** The link this user sent for the day, if any. */
  link: string | null;
}

/** Decided in the loader, from the server's clock, so the page and its hydration agree. */
export function describeWeek(days: WeekDay[], links: SavedDayLink[], now: number): ProgramDay[] {
  const linkOf = new Map(links.map((saved) => [saved.dayId, saved.link]));
  return days.map((day) => ({
    ...day,
    state: now < Date.parse(day.opensAt) ? 'upcoming' : now >= Date.parse(day.closesAt) ? 'closed' : 'open',
    link: linkOf.get(day.id) ?? null,
  }));
}

/** Today's day of the program, for the cabinet home. */
export function todayOf(days: ProgramDay[]): ProgramDay | null {
  return days.find((day) => day.state === 'open') ?? null;
}
