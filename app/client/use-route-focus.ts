import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { announce } from './announce';

/**
 * After a client-side navigation, do what a full page load does for keyboard and screen-reader users
 * (docs/decisions/222-accessibility-mechanisms.md):
 *
 * - a new page (another path, or the control the user was on is gone): focus moves to the page's `<h1>`
 *   inside `<main>` (or `<main>` itself) without scrolling, so ScrollRestoration keeps its position on
 *   back/forward, and the new document title is announced;
 * - the same path with another query (a filter, a page of a list, a saved form): focus stays on the control
 *   that changed it, and the screen announces the outcome itself (`<ResultsCount>`, `announce()`);
 * - the first render and hash-only changes: nothing, the browser already handled them.
 */
export function useRouteFocus() {
  const location = useLocation();
  const previous = useRef(location);

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (before.pathname === location.pathname && before.search === location.search) return;
    const focused = document.activeElement;
    const controlStillThere = focused !== null && focused !== document.body && focused.isConnected;
    if (before.pathname === location.pathname && controlStillThere) return;
    focusMainHeading();
    // After this commit's effects: the error page sets its title in an effect of its own.
    requestAnimationFrame(() => announce(document.title));
  }, [location]);
}

function focusMainHeading() {
  const target = document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main');
  if (!target) return;
  // Headings are not focusable by default; -1 keeps them out of the Tab order.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
