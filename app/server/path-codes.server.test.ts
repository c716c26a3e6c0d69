import { describe, expect, it } from 'vitest';
import { isCertificateCode, readInvitationCode } from './path-codes.server';

describe('the codes the public screens read from their path', () => {
  it('reads a code of the contract’s shape as it is', () => {
    const invitation = 'a'.repeat(20);
    expect(readInvitationCode(invitation)).toBe(invitation);
    expect(isCertificateCode('A'.repeat(22))).toBe(true);
  });

  it('reads nothing that could not be a code, so the upstream is never asked about it', () => {
    expect(readInvitationCode(undefined)).toBeNull();
    expect(readInvitationCode('')).toBeNull();
    expect(readInvitationCode('../../etc')).toBeNull();
    expect(isCertificateCode('')).toBe(false);
    expect(isCertificateCode('not a code')).toBe(false);
  });
});
