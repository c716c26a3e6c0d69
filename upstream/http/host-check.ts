/** Loopback names the reference upstream always answers to, besides its configured host. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.includes(host) || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The `Host` values this server answers: its own names with its port. Anything else is a request meant for
 * another site that reached it by DNS rebinding (a page on evil.example whose name now points at 127.0.0.1),
 * and must not read the outbox or mint a sign-in link.
 */
export function createHostCheck(configuredHost: string) {
  const own = configuredHost.includes(':') && !configuredHost.startsWith('[') ? `[${configuredHost}]` : configuredHost;
  const names = new Set([own.toLowerCase(), ...LOOPBACK_NAMES]);
  return (hostHeader: string | null, port: number): boolean => {
    if (!hostHeader) return false;
    const expected = [...names].map((name) => `${name}:${port}`);
    return expected.includes(hostHeader.toLowerCase());
  };
}
