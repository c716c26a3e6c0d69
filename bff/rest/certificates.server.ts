import type { Call } from './session-client.server';

/**
 * Every certificate the user holds, and the public check of a code (ADR 027) or a number (ADR 105). Neither is
 * cached: a certificate appears when results are published, and a check must say what the upstream says now.
 */
export function certificatesCalls(call: Call) {
  return {
    mine: async () => (await call('myCertificates', {})).certificates,
    verify: (code: string) => call('verifyCertificate', { query: { code } }),
    /** By the printed number and the holder's surname (ADR 105), both already in their checked form. */
    verifyByNumber: (number: string, lastName: string) =>
      call('verifyCertificateByNumber', { query: { number, lastName } }),
  };
}
