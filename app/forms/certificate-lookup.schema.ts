import { CERTIFICATE_NUMBER_MAX, isCertificateNumber, normalizeCertificateNumber } from './path-codes.server';

/**
 * The look-up of `/certificates` by number and surname (ADR 048), read from the query string. What a person
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

export interface NumberLookupInput {
  values: { number: string; lastName: string };
  errors: { number?: string; lastName?: string };
  /** The call's query when both fields are good, else null. */
  query: { number: string; lastName: string } | null;
}

export function readNumberLookup(params: URLSearchParams): NumberLookupInput {
  const rawNumber = params.get('number') ?? '';
  const rawLastName = params.get('lastName') ?? '';
  const values = { number: rawNumber.slice(0, ECHO_MAX), lastName: rawLastName.slice(0, ECHO_MAX) };
  const errors: NumberLookupInput['errors'] = {};

  // Judged on the raw length first, so a megabyte of spaces is not normalized to nothing and let through.
  const number = rawNumber.length > 4 * CERTIFICATE_NUMBER_MAX ? null : normalizeCertificateNumber(rawNumber);
  if (number === null || number.length > CERTIFICATE_NUMBER_MAX) errors.number = copy.numberLong;
  else if (number === '') errors.number = copy.numberMissing;
  else if (!isCertificateNumber(number)) errors.number = copy.numberShape;

  const lastName = rawLastName.length > 400 ? null : rawLastName.normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (lastName === null || lastName.length > 100) errors.lastName = copy.lastNameLong;
  else if (lastName === '') errors.lastName = copy.lastNameMissing;
  else if (!SURNAME.test(lastName)) errors.lastName = copy.lastNameShape;

  const ok = !errors.number && !errors.lastName;
  return { values, errors, query: ok ? { number: number!, lastName: lastName! } : null };
}
