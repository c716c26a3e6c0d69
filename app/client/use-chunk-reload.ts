import { useEffect, useState } from 'react';
import { chunkErrorOutcome, isChunkLoadError, parseReloadStamp, RELOAD_STAMP_KEY } from './chunk-reload';

/** Reads the last reload of this tab; throws when sessionStorage is unavailable. */
function lastReloadAt(): number | null {
  return parseReloadStamp(sessionStorage.getItem(RELOAD_STAMP_KEY));
}

/**
 * docs/product.md §8: a failed chunk load triggers one automatic reload, guarded by a 10-second window; otherwise the
 * returned status tells the root to show the error page instead of the screen.
 */
export function useChunkReload(): 408 | 500 | null {
  const [failedStatus, setFailedStatus] = useState<408 | 500 | null>(null);

  useEffect(() => {
    function recover(event: Event) {
      const now = Date.now();
      let outcome: ReturnType<typeof chunkErrorOutcome>;
      try {
        outcome = chunkErrorOutcome(navigator.onLine, lastReloadAt(), now);
        if (outcome === 'reload') sessionStorage.setItem(RELOAD_STAMP_KEY, String(now));
      } catch {
        // Without sessionStorage the guard cannot work, and an unguarded reload could loop.
        outcome = 500;
      }
      if (outcome !== 'reload') {
        setFailedStatus(outcome);
        return;
      }
      event.preventDefault();
      window.location.reload();
    }
    function onRejection(event: PromiseRejectionEvent) {
      if (isChunkLoadError(event.reason)) recover(event);
    }
    window.addEventListener('vite:preloadError', recover);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', recover);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return failedStatus;
}
