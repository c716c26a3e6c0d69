import { useEffect, useState } from 'react';
import { listenForAnnouncements } from '~/client/announce';
import { useRouteFocus } from '~/client/use-route-focus';

/**
 * The document's one polite live region, and route-change focus (app/client/use-route-focus.ts). Rendered
 * once, by the root layout; screens speak through `announce()` (app/client/announce.ts) or `<ResultsCount>`.
 * No role: `status` belongs to the screens' own confirmations, which tests and users find by that role.
 */
export function RouteAnnouncer() {
  const [message, setMessage] = useState('');
  useRouteFocus();

  useEffect(
    () =>
      listenForAnnouncements((next) => {
        // Emptied first, so the same message twice in a row (the same count after another filter) is read again.
        setMessage('');
        requestAnimationFrame(() => setMessage(next));
      }),
    [],
  );

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" id="announcer">
      {message}
    </div>
  );
}
