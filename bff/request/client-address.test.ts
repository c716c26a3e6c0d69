import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.server';

describe('rateLimitAddress', () => {
  it('groups IPv6 addresses by their /64', () => {
    expect(rateLimitAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(rateLimitAddress('2001:db8:1:2::1'));
  });

  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(rateLimitAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(rateLimitAddress('unknown')).toBe('unknown');
  });
});
