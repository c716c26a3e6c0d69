import { describe, expect, it } from 'vitest';
import { isSavedSearch, savedLocation } from './use-saved-state';

describe('saved state', () => {
  it('sends the browser back to the same page with ?saved=1, scrolled to its saved notice', () => {
    expect(savedLocation(new Request('http://x/profile/security?foo=1'))).toBe('/profile/security?saved=1#saved');
  });

  it('names another place to scroll to, and more parameters, when asked', () => {
    const request = new Request('http://x//lk/week');
    expect(savedLocation(request, { anchor: 'day-3' })).toBe('/lk/week?saved=1#day-3');
    expect(savedLocation(request, { query: { reason: 'x y' } })).toBe('/lk/week?saved=1&reason=x+y#saved');
  });

  it('recognises only ?saved=1', () => {
    expect(isSavedSearch(new URLSearchParams('saved=1'))).toBe(true);
    expect(isSavedSearch(new URLSearchParams('saved=0'))).toBe(false);
    expect(isSavedSearch(new URLSearchParams(''))).toBe(false);
  });
});
