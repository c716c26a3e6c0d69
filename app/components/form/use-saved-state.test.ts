import { describe, expect, it } from 'vitest';
import { isSavedReply } from './use-saved-state';

describe('isSavedReply', () => {
  it('recognises a reply that says it saved', () => {
    expect(isSavedReply({ status: 'success', saved: true })).toBe(true);
  });

  it.each([undefined, null, {}, { status: 'error' }, { saved: 'true' }])('is false for %j', (reply) => {
    expect(isSavedReply(reply)).toBe(false);
  });
});
