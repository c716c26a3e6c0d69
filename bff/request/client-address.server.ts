import ipaddr from 'ipaddr.js';

/**
 * The address a rate limit counts against: an IPv4 address as it is, an IPv6 address by its /64 network,
 * because one subscriber is usually handed a whole /64 and could otherwise take a fresh address per attempt.
 */
export function rateLimitAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
