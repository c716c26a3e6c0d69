/**
 * The page's one polite live region, as a function: `announce('Найдено: 12 сценариев')` has screen readers
 * read the message once, without moving focus. The region itself is rendered by RouteAnnouncer
 * (app/components/route-announcer.tsx) in the root layout; before it mounts, and on the server, messages are
 * dropped — there is nobody to tell yet. A screen announces only what changed without a page change: a
 * result count after a filter, a timer's milestone. Page changes are announced by RouteAnnouncer itself.
 */
type Listener = (message: string) => void;

let listener: Listener | null = null;

export function announce(message: string): void {
  listener?.(message);
}

/** Called by the live region; returns its unsubscribe. */
export function listenForAnnouncements(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}
