import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * docs/product.md §4.6: a countdown that starts when a user is present, restarts when the user changes and stops when
 * nobody is signed in; when it runs out, logout runs (the same action as the logout button).
 */
export function useSessionCountdown(userId: number | null, countdownMs: number | null) {
  const fetcher = useFetcher();
  const { pathname } = useLocation();
  const submit = fetcher.submit;

  useEffect(() => {
    if (userId === null || countdownMs === null) return;
    const timer = window.setTimeout(() => {
      submit({ redirectTo: pathname }, { method: 'post', action: '/logout' });
    }, countdownMs);
    return () => window.clearTimeout(timer);
    // The countdown belongs to the user, not to the page: navigating must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, countdownMs, submit]);
}
