import { describe, expect, it } from 'vitest';
import { chunkErrorOutcome, isChunkLoadError, mayReloadAfterChunkError, parseReloadStamp } from './chunk-reload';

describe('mayReloadAfterChunkError', () => {
  const now = 1_700_000_000_000;

  it('reloads when this tab has not reloaded yet', () => {
    expect(mayReloadAfterChunkError(null, now)).toBe(true);
  });

  it('does not reload again within 10 seconds', () => {
    expect(mayReloadAfterChunkError(now, now)).toBe(false);
    expect(mayReloadAfterChunkError(now - 9_999, now)).toBe(false);
  });

  it('reloads again once 10 seconds have passed', () => {
    expect(mayReloadAfterChunkError(now - 10_000, now)).toBe(true);
    expect(mayReloadAfterChunkError(now - 60_000, now)).toBe(true);
  });

  it('is not blocked by a stamp from the future', () => {
    expect(mayReloadAfterChunkError(now + 5_000, now)).toBe(true);
  });
});

describe('chunkErrorOutcome', () => {
  const now = 1_700_000_000_000;

  it('reloads once, then shows 500 within the window', () => {
    expect(chunkErrorOutcome(true, null, now)).toBe('reload');
    expect(chunkErrorOutcome(true, now - 3_000, now)).toBe(500);
    expect(chunkErrorOutcome(true, now - 10_000, now)).toBe('reload');
  });

  it('shows 408 without reloading when the browser is offline', () => {
    expect(chunkErrorOutcome(false, null, now)).toBe(408);
    expect(chunkErrorOutcome(false, now - 3_000, now)).toBe(408);
  });
});

describe('parseReloadStamp', () => {
  it('reads a stored timestamp', () => {
    expect(parseReloadStamp('1700000000000')).toBe(1_700_000_000_000);
  });

  it.each([null, 'soon', 'Infinity'])('treats %j as no reload', (raw) => {
    expect(parseReloadStamp(raw)).toBeNull();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://portal.test/assets/lk-abc.js',
    'error loading dynamically imported module: https://portal.test/assets/lk-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/app-abc.css',
  ])('recognises %j', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('ignores other rejections', () => {
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
