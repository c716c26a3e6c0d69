import { seconds } from '#shared/time';

/** docs/product.md §8/§9: after a reload, another failed chunk within this window shows the error page instead. */
export const RELOAD_GUARD_WINDOW = seconds(10);

export const RELOAD_STAMP_KEY = 'portal:chunk-reload-at';

/**
 * Whether a failed chunk load may reload the page, given when the last such reload happened (`null`: never in
 * this tab). A stamp from the future (the clock was set back) does not block forever.
 */
export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null) return true;
  const elapsed = now - lastReloadAt;
  return elapsed < 0 || elapsed >= RELOAD_GUARD_WINDOW;
}

/**
 * What to do about a failed chunk load: reload, or show the error page with this status — 408 when the browser
 * knows it is offline (a reload would only reach the browser's own error page; docs/product.md §8: no status gives 408),
 * 500 when the guard holds.
 */
export function chunkErrorOutcome(online: boolean, lastReloadAt: number | null, now: number): 'reload' | 408 | 500 {
  if (!online) return 408;
  return mayReloadAfterChunkError(lastReloadAt, now) ? 'reload' : 500;
}

export function parseReloadStamp(raw: string | null): number | null {
  if (raw === null) return null;
  const stamp = Number(raw);
  return Number.isFinite(stamp) ? stamp : null;
}

const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's CSS preloader
];

/** Whether an unhandled rejection is a failed dynamic import (a chunk missing after a deploy, or offline). */
export function isChunkLoadError(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  return CHUNK_ERROR_MESSAGES.some((message) => reason.message.includes(message));
}
