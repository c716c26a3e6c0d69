import { useEffect, useId, useRef, useState } from 'react';
import { announce } from '~/client/announce';
import { crossedMark, describeRemaining } from '~/client/countdown';
import { formatTimeLeft } from '#shared/clock';
import { minutes, seconds } from '#shared/time';

interface CountdownProps {
  /** Time left as the server computed it when it rendered the page: the server stays the judge of time. */
  remainingMs: number;
  /** What runs out, as a lead-in: «До конца диктанта осталось». */
  label: string;
  /** How long before the end the warning shows and is announced. */
  warnBeforeMs?: number;
  /** The warning's text: «Скоро время закончится. Отправьте ответы». */
  warning: string;
  /**
   * What to say until the clock ticks in the browser — without JavaScript, a time left frozen at the moment the
   * page was served misleads, so «Время на текст — до 10:37 мск». Without it, the time left is shown.
   */
  endsAt?: string;
  /** Called once at zero, for instance to submit the answers; the server decides what still counts. */
  onExpire?: () => void;
}

/**
 * The accessible countdown of every time limit (the session, a dictation, a test;
 * docs/decisions/222-accessibility-mechanisms.md). It is visible as `MM:SS` in a `timer` (which screen readers do not read
 * on every tick), and it speaks through the page's one live region only when the time left crosses a mark
 * (app/client/countdown.ts: 1 hour, 30, 15, 10, 5, 2, 1 minutes, 30 and 10 seconds) and when the warning
 * starts. Without JavaScript it shows the time left when the page was served, or `endsAt` when given. The clock here only informs:
 * the server checks every submission against its own deadline.
 */
export function Countdown({
  remainingMs,
  label,
  warnBeforeMs = minutes(5),
  warning,
  endsAt,
  onExpire,
}: CountdownProps) {
  const [left, setLeft] = useState(remainingMs);
  /** The clock ticks only once the effect runs: never on the server, nor in a browser without JavaScript. */
  const [ticking, setTicking] = useState(false);
  const labelId = useId();
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    const deadline = Date.now() + remainingMs;
    let previous = remainingMs;
    const tick = () => {
      const now = Math.max(0, deadline - Date.now());
      if (previous > warnBeforeMs && now <= warnBeforeMs) {
        announce(`${warning} ${label} ${describeRemaining(now)}.`);
      } else if (crossedMark(previous, now) !== null) {
        announce(`${label} ${describeRemaining(now)}.`);
      }
      if (previous > 0 && now === 0) expire.current?.();
      previous = now;
      setLeft(now);
    };
    tick();
    setTicking(true);
    const timer = window.setInterval(tick, seconds(1));
    return () => window.clearInterval(timer);
  }, [remainingMs, warnBeforeMs, warning, label]);

  const warn = left <= warnBeforeMs;
  if (endsAt !== undefined && !ticking) {
    return (
      <div className="countdown" data-warning={warn || undefined}>
        <span>{endsAt}</span>
        {warn ? <p className="countdown__warning">{warning}</p> : null}
      </div>
    );
  }
  return (
    <div className="countdown" data-warning={warn || undefined}>
      <span id={labelId}>{label}</span>{' '}
      <span role="timer" aria-labelledby={labelId} className="countdown__clock">
        {formatTimeLeft(left)}
      </span>
      {warn ? <p className="countdown__warning">{warning}</p> : null}
    </div>
  );
}
