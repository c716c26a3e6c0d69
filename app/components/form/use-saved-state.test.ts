import { describe, expect, it } from 'vitest';
import { isSavedSearch, savedLocation } from './use-saved-state';

describe('saved state', () => {
  it('sends the browser back to the same page with ?saved=1', () => {
    expect(savedLocation(new Request('http://x/profile/security?foo=1'))).toBe('/profile/security?saved=1');
  });

  it('recognises only ?saved=1', () => {
    expect(isSavedSearch(new URLSearchParams('saved=1'))).toBe(true);
    expect(isSavedSearch(new URLSearchParams('saved=0'))).toBe(false);
    expect(isSavedSearch(new URLSearchParams(''))).toBe(false);
  });
});
