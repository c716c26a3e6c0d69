import { useEffect, useState } from 'react';
import { chunkErrorOutcome, isChunkLoadError, parseReloadStamp, RELOAD_STAMP_KEY } from './chunk-reload';

/** Reads the last reload of this tab; throws when sessionStorage is unavailable. */
function lastReloadAt(): number | null {
  return parseReloadStamp(sessionStorage.getItem(RELOAD_STAMP_KEY));
}

/**
 * docs/product.md §8: a failed chunk load triggers one automatic reload, guarded by a 10-second window; otherwise the
 * returned status tells the root to show the error page instead of the screen. Whoever loads the chunk: a lazy
 * file of the portal (`vite:preloadError`, or the import's rejection) or a route module the framework loads during
 * a navigation (`remix:route-module-error`, from the patch to `@remix-run/react`, ADR 205).
 */
export function useChunkReload(): 408 | 500 | null {
  const [failedStatus, setFailedStatus] = useState<408 | 500 | null>(null);

  useEffect(() => {
    /** Reload, or the status of the error page; a reload is stamped so that the next failure within the window is not. */
    function decide(): ReturnType<typeof chunkErrorOutcome> {
      const now = Date.now();
      try {
        const outcome = chunkErrorOutcome(navigator.onLine, lastReloadAt(), now);
        if (outcome === 'reload') sessionStorage.setItem(RELOAD_STAMP_KEY, String(now));
        return outcome;
      } catch {
        // Without sessionStorage the guard cannot work, and an unguarded reload could loop.
        return 500;
      }
    }
    function recover(event: Event) {
      const outcome = decide();
      if (outcome !== 'reload') {
        setFailedStatus(outcome);
        return;
      }
      event.preventDefault();
      window.location.reload();
    }
    /** The framework reloads unless told not to; told not to, it leaves the navigation unfinished under our page. */
    function onRouteModuleError(event: Event) {
      const outcome = decide();
      if (outcome === 'reload') return;
      event.preventDefault();
      setFailedStatus(outcome);
    }
    function onRejection(event: PromiseRejectionEvent) {
      if (isChunkLoadError(event.reason)) recover(event);
    }
    window.addEventListener('vite:preloadError', recover);
    window.addEventListener('remix:route-module-error', onRouteModuleError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', recover);
      window.removeEventListener('remix:route-module-error', onRouteModuleError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return failedStatus;
}
