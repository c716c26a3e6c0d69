import { useFetcher, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { minutes } from '#shared/time';

/** How long before the end the page warns and offers to continue (WCAG 2.2.1 asks for at least 20 seconds). */
export const SESSION_WARNING = minutes(5);

export interface SessionCountdown {
  /** When logout runs (epoch ms), or null when nobody is signed in or the countdown is not running yet. */
  endsAt: number | null;
  /** True from SESSION_WARNING before the end. */
  warning: boolean;
  /** «Продолжить работу»: the countdown starts over (the server still checks the session on every request). */
  extend: () => void;
}

/**
 * docs/product.md §4.6: a countdown that starts when a user is present, restarts when the user
 * changes and stops when nobody is signed in; when it runs out, logout runs (the same action as the logout
 * button). Before that the page warns, and the user can continue with one action
 * (docs/decisions/222-accessibility-mechanisms.md).
 */
export function useSessionCountdown(userId: number | null, countdownMs: number | null): SessionCountdown {
  const fetcher = useFetcher();
  const { pathname } = useLocation();
  const submit = fetcher.submit;
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [warning, setWarning] = useState(false);

  // The countdown belongs to the user, not to the page: navigating must not restart it.
  useEffect(() => {
    setWarning(false);
    setEndsAt(userId === null || countdownMs === null ? null : Date.now() + countdownMs);
  }, [userId, countdownMs]);

  useEffect(() => {
    if (endsAt === null) return;
    const warn = window.setTimeout(() => setWarning(true), endsAt - SESSION_WARNING - Date.now());
    const end = window.setTimeout(() => {
      submit({ redirectTo: pathname }, { method: 'post', action: '/logout' });
    }, endsAt - Date.now());
    return () => {
      window.clearTimeout(warn);
      window.clearTimeout(end);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page the user is on when it ends, not a restart
  }, [endsAt, submit]);

  const extend = useCallback(() => {
    if (countdownMs === null) return;
    setWarning(false);
    setEndsAt(Date.now() + countdownMs);
  }, [countdownMs]);

  return { endsAt, warning, extend };
}
