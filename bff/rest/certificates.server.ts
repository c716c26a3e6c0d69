import type { Call } from './session-client.server';

/**
 * Every certificate the user holds, and the public check of a code or a number. Neither is
 * cached: a certificate appears when results are published, and a check must say what the upstream says now.
 */
export function certificatesCalls(call: Call) {
  return {
    mine: async () => (await call('myCertificates', {})).certificates,
    verify: (code: string) => call('verifyCertificate', { query: { code } }),
    /** By the printed number and the holder's surname, both already in their checked form. */
    verifyByNumber: (number: string, lastName: string) =>
      call('verifyCertificateByNumber', { query: { number, lastName } }),
  };
}
