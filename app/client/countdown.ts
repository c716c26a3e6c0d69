import { plural } from '#shared/plural';
import { hours, minutes, seconds } from '#shared/time';

/**
 * The arithmetic of the accessible countdown (app/components/countdown.tsx): what it shows, what it says, and
 * when it speaks. Announcing every second would drown a screen reader, so it speaks when the time left
 * crosses one of these marks (and at the warning): often near the end, rarely before.
 */
export const ANNOUNCE_AT = [
  hours(3),
  hours(2),
  hours(1),
  minutes(30),
  minutes(15),
  minutes(10),
  minutes(5),
  minutes(2),
  minutes(1),
  seconds(30),
  seconds(10),
] as const;

const unit = (n: number, one: string, few: string, many: string) => plural(n, { one, few, many });

/** What a screen reader says: `1 час 5 минут`, `2 минуты`, `30 секунд` (seconds only in the last minute). */
export function describeRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total < 60) return unit(total, 'секунда', 'секунды', 'секунд');
  const h = Math.floor(total / 3600);
  const m = Math.round((total % 3600) / 60);
  const parts = [
    h > 0 ? unit(h, 'час', 'часа', 'часов') : '',
    m > 0 || h === 0 ? unit(m, 'минута', 'минуты', 'минут') : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The mark the time left crossed going from `before` to `after` (both in ms), if any: the nearest one. */
export function crossedMark(before: number, after: number, marks: readonly number[] = ANNOUNCE_AT): number | null {
  const crossed = marks.filter((mark) => before > mark && after <= mark);
  return crossed.length > 0 ? Math.min(...crossed) : null;
}
