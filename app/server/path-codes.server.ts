import {
  CERTIFICATE_CODE,
  CERTIFICATE_NUMBER,
  CERTIFICATE_NUMBER_MAX,
  invitationCode,
  normalizeCertificateNumber,
} from '#contract';

/**
 * The codes the public screens read from their path: whatever cannot be one is refused before the upstream is
 * asked.
 */

/** The code of `/dictation/{code}` (the writing, its text, its reading), or null when it cannot be one. */
export function readInvitationCode(token: string | undefined): string | null {
  return invitationCode.safeParse(token).success ? token! : null;
}

/** Whether the segment of `/certificates/{code}` has the shape of a certificate's code. */
export const isCertificateCode = (code: string): boolean => CERTIFICATE_CODE.test(code);

/** A number as the contract takes it, once brought to its printed form by `normalizeCertificateNumber`. */
export const isCertificateNumber = (number: string): boolean =>
  number.length <= CERTIFICATE_NUMBER_MAX && CERTIFICATE_NUMBER.test(number);
export { CERTIFICATE_NUMBER_MAX, normalizeCertificateNumber };
