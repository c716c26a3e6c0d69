import { CERTIFICATE_CODE, CERTIFICATE_NUMBER, CERTIFICATE_NUMBER_MAX, normalizeCertificateNumber } from '#contract';
import type { Call } from './session-client.server';

/** Whether a path segment has the shape of a code: anything else is refused before the upstream is asked. */
export const isCertificateCode = (code: string): boolean => CERTIFICATE_CODE.test(code);

/** A number as the contract takes it (ADR 048), once brought to its printed form by `normalizeCertificateNumber`. */
export const isCertificateNumber = (number: string): boolean =>
  number.length <= CERTIFICATE_NUMBER_MAX && CERTIFICATE_NUMBER.test(number);
export { CERTIFICATE_NUMBER_MAX, normalizeCertificateNumber };

/**
 * Every certificate the user holds, and the public check of a code (ADR 027) or a number (ADR 048). Neither is cached: a certificate
 * appears when results are published, and a check must say what the upstream says now.
 */
export function certificatesCalls(call: Call) {
  return {
    mine: async () => (await call('myCertificates', {})).certificates,
    verify: (code: string) => call('verifyCertificate', { query: { code } }),
    /** By the printed number and the holder's surname (ADR 048), both already in their checked form. */
    verifyByNumber: (number: string, lastName: string) =>
      call('verifyCertificateByNumber', { query: { number, lastName } }),
  };
}
