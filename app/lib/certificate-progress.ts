/**
 * What the master class's and the test's pages say of the certificates earned there: how much is left
 * before one is given. Plain arithmetic on what the upstream sent; the upstream alone decides and gives them.
 */

const units = {
  hour: new Intl.NumberFormat('ru-RU', { style: 'unit', unit: 'hour', unitDisplay: 'short' }),
  minute: new Intl.NumberFormat('ru-RU', { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
  second: new Intl.NumberFormat('ru-RU', { style: 'unit', unit: 'second', unitDisplay: 'short' }),
};

/** «20 с», «5 мин», «5 мин 30 с», «1 ч 12 мин»: past an hour the seconds are left out. */
export function formatWatchTime(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts = [
    hours > 0 ? units.hour.format(hours) : null,
    minutes > 0 ? units.minute.format(minutes) : null,
    seconds > 0 && hours === 0 ? units.second.format(seconds) : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : units.second.format(0);
}

/** Seconds of the recording still to be watched for the certificate; 0 once enough is counted. */
export function watchSecondsLeft(certificate: { neededSeconds: number; countedSeconds: number }): number {
  return Math.max(0, certificate.neededSeconds - certificate.countedSeconds);
}

/**
 * The fewest right answers that pass: the percentage is rounded down (ADR 237), so 7 of 10 pass a 70 % mark and
 * 6 of 9 (66 %) do not pass 67 %.
 */
export function pointsToPass(maxPoints: number, passPercent: number): number {
  const points = Math.ceil((passPercent * maxPoints) / 100);
  return Math.min(maxPoints, points);
}

/** Right answers an attempt lacked to pass; 0 for one that passed. */
export function pointsShort(score: { points: number; maxPoints: number }, passPercent: number): number {
  return Math.max(0, pointsToPass(score.maxPoints, passPercent) - score.points);
}
