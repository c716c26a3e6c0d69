const pad = (n: number) => String(n).padStart(2, '0');

function clock(totalSeconds: number, minutesWidth: 1 | 2): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor(totalSeconds / 60) % 60;
  const s = Math.floor(totalSeconds % 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${minutesWidth === 2 ? pad(m) : m}:${pad(s)}`;
}

/** «0:07», «12:34», «1:02:03»: a place in a recording, from its seconds (rounded down). */
export function formatPosition(seconds: number): string {
  return clock(seconds, 1);
}

/** What a countdown shows: `1:04:09` or `04:09`, from milliseconds rounded up, so `00:00` means the time is over. */
export function formatTimeLeft(ms: number): string {
  return clock(Math.max(0, Math.ceil(ms / 1000)), 2);
}
