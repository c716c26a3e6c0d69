import { z } from 'zod';
import { CERTIFICATE_NUMBER_MAX, isCertificateNumber, normalizeCertificateNumber } from '~/server/path-codes.server';

/**
 * The look-up of `/certificates` by number and surname, read from the query string. What a person
 * types is brought to the printed form before it is judged; anything that cannot be a number or a surname gets a
 * Russian message at its field and never reaches the upstream.
 */

const copy = {
  numberMissing: 'Введите номер сертификата',
  numberShape: 'Номер состоит из букв и цифр через дефис, например ОУ-0417 или Д-2026-000002',
  numberLong: `Номер слишком длинный: не более ${CERTIFICATE_NUMBER_MAX} знаков`,
  lastNameMissing: 'Введите фамилию, как она напечатана в сертификате',
  lastNameShape: 'Фамилия пишется буквами; допустимы пробел, дефис и апостроф',
  lastNameLong: 'Фамилия слишком длинная: не более 100 знаков',
};

/** What is shown back in a field: enough of what was typed to correct it, never a page of it. */
const ECHO_MAX = 120;
const SURNAME = /^\p{L}[\p{L}\p{M}' -]*$/u;

/** Both fields as typed; each brought to its checked form, or refused with its field's one message. */
export const certificateLookupSchema = z.object({
  number: z.string().transform((raw, ctx) => {
    // Judged on the raw length first, so a megabyte of spaces is not normalized to nothing and let through.
    const number = raw.length > 4 * CERTIFICATE_NUMBER_MAX ? null : normalizeCertificateNumber(raw);
    const message =
      number === null || number.length > CERTIFICATE_NUMBER_MAX
        ? copy.numberLong
        : number === ''
          ? copy.numberMissing
          : !isCertificateNumber(number)
            ? copy.numberShape
            : null;
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return number ?? '';
  }),
  lastName: z.string().transform((raw, ctx) => {
    const lastName = raw.length > 400 ? null : raw.normalize('NFKC').trim().replace(/\s+/g, ' ');
    const message =
      lastName === null || lastName.length > 100
        ? copy.lastNameLong
        : lastName === ''
          ? copy.lastNameMissing
          : !SURNAME.test(lastName)
            ? copy.lastNameShape
            : null;
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return lastName ?? '';
  }),
});

export interface NumberLookupInput {
  values: { number: string; lastName: string };
  errors: { number?: string; lastName?: string };
  /** The call's query when both fields are good, else null. */
  query: { number: string; lastName: string } | null;
}

/** The look-up's query string read through the schema: what to show back, the messages, and the call's query. */
export function readNumberLookup(params: URLSearchParams): NumberLookupInput {
  const raw = { number: params.get('number') ?? '', lastName: params.get('lastName') ?? '' };
  const values = { number: raw.number.slice(0, ECHO_MAX), lastName: raw.lastName.slice(0, ECHO_MAX) };
  const parsed = certificateLookupSchema.safeParse(raw);
  if (parsed.success) return { values, errors: {}, query: parsed.data };
  const errors: NumberLookupInput['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof NumberLookupInput['errors'];
    errors[field] ??= issue.message;
  }
  return { values, errors, query: null };
}
